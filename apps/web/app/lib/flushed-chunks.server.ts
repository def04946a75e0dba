/**
 * Passes a page's HTML on once per React flush. React writes its output in 4 KB pieces and
 * calls `flush()` when a batch is done; passed on piece by piece, a 60 KB listing page crossed
 * the web-stream conversions and reached the socket as a dozen and more writes. Joined per
 * flush it goes as one, and a page that streams (the shell first, deferred parts after) still
 * sends each part as soon as React has it.
 */
import { Transform, type TransformCallback } from "node:stream";

export class FlushedChunks extends Transform {
  private pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    done();
  }

  /** Called by React after each batch it writes. */
  flush(): void {
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }

  override _flush(done: TransformCallback): void {
    this.flush();
    done();
  }
}
