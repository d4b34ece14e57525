/**
 * Rows written as bytes into a buffer that grows, handed over a batch at a time (`take`): what the
 * COPY writers (CopyWriter's text, BinaryCopyWriter's tuples) have in common.
 */
export abstract class ByteWriter {
  protected bytes = new Uint8Array(1 << 16);
  protected at = 0;
  private count = 0;

  /** Rows written since the last `take`. */
  get rows(): number {
    return this.count;
  }

  /** The rows written so far, in a buffer of their own (to be moved to another thread); the writer starts again. */
  take(): Uint8Array {
    const bytes = this.bytes.slice(0, this.at);
    this.at = 0;
    this.count = 0;
    return bytes;
  }

  /** One more row is complete. */
  protected rowWritten(): void {
    this.count++;
  }

  /** Makes room for `n` more bytes. */
  protected room(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.at + n));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
    this.grown();
  }

  /** The buffer was replaced by a larger one (a writer with a view of it makes a new view). */
  protected grown(): void {}
}
