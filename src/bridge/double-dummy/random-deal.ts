/** Seeded random deals for tests and benchmarks: 16 suit masks (cards.ts), `cards` cards a hand. */
export function randomHoldings(random: () => number, cards = 13): Int32Array {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const holdings = new Int32Array(16);
  for (let i = 0; i < 4 * cards; i++) {
    const card = deck[i];
    holdings[Math.floor(i / cards) * 4 + Math.floor(card / 13)] |= 1 << (card % 13);
  }
  return holdings;
}
