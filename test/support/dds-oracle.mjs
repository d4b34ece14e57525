// DDS (libdds0), the field's standard double-dummy solver, as a test oracle for ours. Run as a
// child process by dds.ts: libdds crashes the process that loaded it when that process exits, so
// it never loads into Jest or a benchmark. Reads JSON from stdin: { deals: [[16 suit masks, ours:
// hand * 4 + suit, bit 0 = the 2]], dealers: [0-3], vulnerabilities: [0 none, 1 both, 2 NS, 3 EW] }.
// Writes one JSON line per deal: { tricks: resTable (strain S H D C NT × hand N E S W), ms, par:
// { score, contracts } } (DealerPar), then kills itself before the library's exit handlers run.
// With { positions: [{ cards: [16 masks], trump: 0-4, leader: 0-3 }] } instead: one line per
// position, { tricks } = the most tricks the side on lead takes (SolveBoard). With { tables: [[20
// counts in resTable order]], dealers, vulnerabilities }: one line per table, { par } (DealerPar).
import { createRequire } from 'node:module';
import { readFileSync, writeSync } from 'node:fs';

const require = createRequire(import.meta.url);
const koffi = require('koffi');
const lib = koffi.load(process.env.LIBDDS_PATH || 'libdds.so.0');
const TableDeal = koffi.struct('ddTableDeal', { cards: koffi.array('uint', 16) });
const TableResults = koffi.struct('ddTableResults', { resTable: koffi.array('int', 20) });
koffi.struct('parResultsDealer', { number: 'int', score: 'int', contracts: koffi.array('uint8', 100) });
const setMaxThreads = lib.func('void SetMaxThreads(int)');
const calcTable = lib.func('int CalcDDtable(ddTableDeal, _Out_ ddTableResults*)');
const dealerPar = lib.func('int DealerPar(ddTableResults*, _Out_ parResultsDealer*, int, int)');
koffi.struct('deal', { trump: 'int', first: 'int', currentTrickSuit: koffi.array('int', 3), currentTrickRank: koffi.array('int', 3), remainCards: koffi.array('uint', 16) });
koffi.struct('futureTricks', { nodes: 'int', cards: 'int', suit: koffi.array('int', 13), rank: koffi.array('int', 13), equals: koffi.array('int', 13), score: koffi.array('int', 13) });
const solveBoard = lib.func('int SolveBoard(deal, int, int, int, _Out_ futureTricks*, int)');
void TableDeal;
void TableResults;

setMaxThreads(1);
const input = JSON.parse(readFileSync(0, 'utf8'));
const parOf = (table, dealer, vulnerability) => {
  const par = {};
  const prc = dealerPar(table, par, dealer ?? 0, vulnerability ?? 0);
  if (prc !== 1) throw new Error(`DealerPar failed with ${prc}`);
  const text = Buffer.from(par.contracts);
  const contracts = [];
  for (let c = 0; c < 10; c++) {
    const bytes = text.subarray(c * 10, c * 10 + 10);
    const end = bytes.indexOf(0);
    const contract = bytes.subarray(0, end < 0 ? 10 : end).toString('latin1');
    if (contract) contracts.push(contract);
  }
  return { score: par.score, contracts };
};
(input.tables ?? []).forEach((resTable, i) => {
  writeSync(1, JSON.stringify({ par: parOf({ resTable }, input.dealers[i], input.vulnerabilities[i]) }) + '\n');
});
(input.positions ?? []).forEach((p) => {
  const future = {};
  const dl = { trump: p.trump, first: p.leader, currentTrickSuit: [0, 0, 0], currentTrickRank: [0, 0, 0], remainCards: p.cards.map((m) => m << 2) };
  const rc = solveBoard(dl, -1, 1, 1, future, 0);
  if (rc !== 1) throw new Error(`SolveBoard failed with ${rc}`);
  writeSync(1, JSON.stringify({ tricks: future.score[0] }) + '\n');
});
(input.deals ?? []).forEach((deal, i) => {
  const cards = deal.map((mask) => mask << 2);
  const table = {};
  const start = performance.now();
  const rc = calcTable({ cards }, table);
  const ms = performance.now() - start;
  if (rc !== 1) throw new Error(`CalcDDtable failed with ${rc}`);
  const par = parOf(table, input.dealers[i], input.vulnerabilities[i]);
  writeSync(1, JSON.stringify({ tricks: Array.from(table.resTable), ms, par }) + '\n');
});
process.kill(process.pid, 'SIGKILL');
