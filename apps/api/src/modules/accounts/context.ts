import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import type { SiteLinks } from "./links.ts";
import type { SessionStore } from "./sessions.ts";

/** What an account call works with: the database, sessions, the moment, the site and its links. */
export interface AccountsContext {
  db: Db;
  sessions: SessionStore;
  now: Date;
  brand: Brand;
  links: SiteLinks;
}
