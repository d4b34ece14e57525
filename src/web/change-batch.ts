/**
 * At most one `change` a second on a session's live stream. At national size results come in
 * hundreds a second: each one sent on would have every open page refetch (and the service render
 * it) at its own revision. Sent at the clock's whole seconds instead, every page of the session,
 * on every instance, refetches at the same moment and shares one render through the page cache.
 */
export const LIVE_BATCH_MS = 1_000;

/**
 * The changes one stream hears, gathered until the next multiple of `everyMs` on the clock and
 * sent as one: the boards they touched, or none named (`[]`) once any was a whole rescoring.
 */
export class ChangeBatch {
  private boards = new Set<number>();
  private whole = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: (boards: number[]) => void,
    private readonly everyMs = LIVE_BATCH_MS,
    private readonly now: () => number = Date.now,
  ) {}

  add(boards: readonly number[]): void {
    if (boards.length === 0) this.whole = true;
    for (const board of boards) this.boards.add(board);
    this.timer ??= setTimeout(() => this.flush(), this.everyMs - (this.now() % this.everyMs));
  }

  /** Nothing more is sent (the stream closed). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    const boards = this.whole ? [] : [...this.boards].sort((a, b) => a - b);
    this.boards = new Set();
    this.whole = false;
    this.timer = null;
    this.send(boards);
  }
}
