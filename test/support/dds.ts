import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * DDS (Debian's libdds0), the field's standard double-dummy solver, as an oracle for tests and
 * benchmarks: `dds-oracle.mjs` runs it in a child process through koffi. Null when the library or
 * koffi is missing, so callers can say they skipped.
 */
export const LIBDDS = ['/usr/lib/x86_64-linux-gnu/libdds.so.0', '/usr/lib/aarch64-linux-gnu/libdds.so.0', '/usr/lib/libdds.so.0'].find((p) =>
  existsSync(p),
);

export interface DdsDealAnswer {
  /** resTable: strains S, H, D, C, NT × declarers N, E, S, W. */
  tricks: number[];
  ms: number;
  par: { score: number; contracts: string[] };
}

export function ddsAvailable(): boolean {
  return LIBDDS !== undefined && existsSync(resolve(process.cwd(), 'node_modules/koffi'));
}

function run<T>(input: object): T[] {
  const out = spawnSync(process.execPath, [resolve(process.cwd(), 'test/support/dds-oracle.mjs')], {
    input: JSON.stringify(input),
    env: { ...process.env, LIBDDS_PATH: LIBDDS },
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'utf8',
  });
  const lines = out.stdout.split('\n').filter(Boolean);
  if (out.error || (out.status !== null && out.status !== 0)) throw new Error(`DDS oracle failed: ${out.error?.message ?? out.stderr}`);
  return lines.map((line) => JSON.parse(line) as T);
}

/** DDS's tables (CalcDDtable, one thread) and par (DealerPar) of deals given as 16 suit masks each. */
export function ddsTables(deals: Int32Array[], dealers: number[], vulnerabilities: number[]): DdsDealAnswer[] {
  return run<DdsDealAnswer>({ deals: deals.map((d) => Array.from(d)), dealers, vulnerabilities });
}

/** The most tricks the side on lead takes, by DDS's SolveBoard, for positions at a trick's start. */
export function ddsPositions(positions: { cards: Int32Array; trump: number; leader: number }[]): number[] {
  return run<{ tricks: number }>({ positions: positions.map((p) => ({ ...p, cards: Array.from(p.cards) })) }).map((a) => a.tricks);
}

/** DDS's par (DealerPar) of tables given as 20 counts in resTable order. */
export function ddsPar(tables: number[][], dealers: number[], vulnerabilities: number[]): { score: number; contracts: string[] }[] {
  return run<{ par: { score: number; contracts: string[] } }>({ tables, dealers, vulnerabilities }).map((a) => a.par);
}
