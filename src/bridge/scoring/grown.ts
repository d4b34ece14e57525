/**
 * A typed array at least `size` long (doubling), its contents copied and its new places `fill`:
 * how the scoring state's, the field index's and the id index's per-slot arrays grow, outside the
 * collector's heap.
 */
export function grown<A extends Uint8Array | Int32Array>(array: A, size: number, fill = 0): A {
  const next = new (array.constructor as new (n: number) => A)(Math.max(size, array.length * 2));
  if (fill !== 0) next.fill(fill, array.length);
  next.set(array);
  return next;
}
