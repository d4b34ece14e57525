import { InvalidBoardError } from './errors.js';
import type { Seat, Vulnerability } from './types.js';

const DEALERS: readonly Seat[] = ['N', 'E', 'S', 'W'];
const VUL_ROTATION: readonly Vulnerability[] = ['NONE', 'NS', 'EW', 'BOTH'];

export interface BoardInfo {
  dealer: Seat;
  vulnerability: Vulnerability;
}

/** Law 2: boards 1–16 set the pattern, every later group of 16 repeats it. */
export function boardInfo(board: number): BoardInfo {
  if (!Number.isInteger(board) || board < 1) {
    throw new InvalidBoardError(`Board number must be a whole number of at least 1, got ${board}`, 'board');
  }
  const k = (board - 1) % 16; // 0-based position in the group of 16
  return {
    dealer: DEALERS[k % 4],
    // The vulnerability rotation moves one place on for each new group of four boards.
    vulnerability: VUL_ROTATION[(k + Math.floor(k / 4)) % 4],
  };
}
