/** Vocabulary of the game, shared by every part of the core. Names follow ../shared/API.md. */

export type Seat = 'N' | 'E' | 'S' | 'W';
export type Direction = 'NS' | 'EW';
export type Strain = 'C' | 'D' | 'H' | 'S' | 'NT';
export type Vulnerability = 'NONE' | 'NS' | 'EW' | 'BOTH';
export type Doubling = '' | 'X' | 'XX';

export const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];
export const STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];
export const VULNERABILITIES: readonly Vulnerability[] = ['NONE', 'NS', 'EW', 'BOTH'];

/** The partnership a seat belongs to. */
export function sideOf(seat: Seat): Direction {
  return seat === 'N' || seat === 'S' ? 'NS' : 'EW';
}

/** Whether the side of `seat` is vulnerable under `vul`. */
export function isVulnerable(seat: Seat, vul: Vulnerability): boolean {
  return vul === 'BOTH' || vul === sideOf(seat);
}
