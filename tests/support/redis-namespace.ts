/**
 * Each integration test file gets a fresh database, so it gets its own Redis namespace too:
 * sessions and rate-limit counts from an earlier file or run never leak into it.
 */
import { randomUUID } from "node:crypto";

process.env.REDIS_KEY_PREFIX = `test:${randomUUID()}:`;
