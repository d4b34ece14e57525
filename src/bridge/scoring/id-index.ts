import { grown } from './grown.js';

/**
 * The items of an array (a session's lines by slot or by position) found by id, without a `Map`:
 * a hash of the id picks a bucket, and a bucket's items are chained by their index, in typed
 * arrays. A national field indexes its 240,000 lines twice: a `Map` of that size took 65–100 ms
 * to fill, its table grown by copying on the collector's heap; this index, its room reserved
 * (`reserve`), ~3 MB outside that heap, and 26–43 ms (an import's ids: slices of each chunk's
 * text) when `indexUpTo` adds without looking first (60–80 ms with a lookup an item; in the
 * service the two indexes took ~190 ms of the first pages' processor). The id is read back from
 * the array (`idAt`), so an index holds only numbers; an item must leave (`delete`) before its
 * index holds another id.
 */
export class IdIndex {
  /** Per bucket: its first item's index + 1 (0: empty). */
  private heads = new Int32Array(16);
  /** Per item index: the next item's index + 1 in its bucket (0: the last). */
  private next = new Int32Array(16);
  private count = 0;
  /** Items below it are indexed (`indexUpTo`). */
  private indexed = 0;
  /** Whether an item at or past `indexed` was placed (`set`): `indexUpTo` must then look before it adds. */
  private placedAhead = false;

  constructor(private readonly idAt: (index: number) => string | undefined) {}

  get size(): number {
    return this.count;
  }

  get(id: string): number | undefined {
    const at = this.find(id, hashOf(id));
    return at < 0 ? undefined : at;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Indexes the item at `index` under `id` (nothing changes if it already is). */
  set(id: string, index: number): void {
    const hash = hashOf(id);
    if (this.find(id, hash) === index) return;
    if (index >= this.next.length) this.next = grown(this.next, index + 1);
    if (2 * (this.count + 1) > this.heads.length) this.rehash(this.heads.length * 2);
    if (index >= this.indexed) this.placedAhead = true;
    this.insert(hash, index);
  }

  /**
   * Indexes up to `count` more of the array's first `length` items, in order (one without an id is
   * skipped), room for all of them reserved at the first call; true once every one is. Items placed
   * meanwhile (`set`) are found already indexed; a whole index of a national session's lines is
   * made a part at a time, between other work.
   */
  indexUpTo(length: number, count = Infinity): boolean {
    this.reserve(length); // room for all of them: the loop below adds without looking
    const end = Math.min(length, this.indexed + count);
    for (let i = this.indexed; i < end; i++) {
      const id = this.idAt(i);
      if (id === undefined) continue;
      // Nothing placed ahead: the item is not indexed yet and its room is reserved, so no lookup
      // first (it was two thirds of a national session's indexing: the ids compared are cold).
      if (this.placedAhead) this.set(id, i);
      else this.insert(hashOf(id), i);
    }
    this.indexed = end;
    return end === length;
  }

  /** Room for items at indexes below `items` without growing again (a session's lines, known in advance). */
  reserve(items: number): void {
    if (items > this.next.length) this.next = grown(this.next, items);
    let size = this.heads.length;
    while (size < 2 * items) size *= 2;
    if (size > this.heads.length) this.rehash(size);
  }

  /** Takes the item indexed under `id` out (before its index holds another id). */
  delete(id: string): void {
    const bucket = hashOf(id) & (this.heads.length - 1);
    let before = -1;
    for (let i = this.heads[bucket] - 1; i >= 0; before = i, i = this.next[i] - 1) {
      if (this.idAt(i) !== id) continue;
      if (before < 0) this.heads[bucket] = this.next[i];
      else this.next[before] = this.next[i];
      this.next[i] = 0;
      this.count--;
      return;
    }
  }

  /** Chains the item at `index` (not indexed, its room made) in its hash's bucket. */
  private insert(hash: number, index: number): void {
    const bucket = hash & (this.heads.length - 1);
    this.next[index] = this.heads[bucket];
    this.heads[bucket] = index + 1;
    this.count++;
  }

  /** The index of the item under `id` (its hash `hash`), −1 if none. */
  private find(id: string, hash: number): number {
    for (let i = this.heads[hash & (this.heads.length - 1)] - 1; i >= 0; i = this.next[i] - 1) if (this.idAt(i) === id) return i;
    return -1;
  }

  private rehash(size: number): void {
    const old = this.heads;
    this.heads = new Int32Array(size);
    for (let b = 0; b < old.length; b++) {
      for (let i = old[b] - 1; i >= 0; ) {
        const following = this.next[i] - 1;
        const bucket = hashOf(this.idAt(i)!) & (size - 1);
        this.next[i] = this.heads[bucket];
        this.heads[bucket] = i + 1;
        i = following;
      }
    }
  }
}

/**
 * FNV-1a over the id's character codes: a uuid's last 12 (48 of its random bits, in every version
 * the service makes: v4, and v7 whose first digits are a clock), any other id's every one.
 */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let k = id.length === 36 ? 24 : 0; k < id.length; k++) h = Math.imul(h ^ id.charCodeAt(k), 0x01000193);
  return h >>> 0;
}
