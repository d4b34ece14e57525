/**
 * `npm run bench:reimport` — a corrected file of a club session (4 sections × 13 tables × 26 boards,
 * 1,352 lines; REIMPORT_SECTIONS for more sections) into the real service on the real PostgreSQL:
 * the first import, a dry run of a file correcting 20 lines, that file applied, the same file
 * again (answered from the first import of it), and a file correcting every line.
 */
import { fmt, httpPool, send } from './support/load.js';
import { startBenchServer } from './support/server.js';

const SECTIONS = Number(process.env.REIMPORT_SECTIONS ?? 4);
const HEADER = 'Event,Date,Kind,Scoring,Winners,Session,Section,Board,NS,EW,Contract,Declarer,Tricks';

/** The session's travellers; the first `changed` lines made eleven tricks instead of ten. */
function file(changed: number): string {
  const rows = [HEADER];
  let n = 0;
  for (let s = 0; s < SECTIONS; s++) {
    const section = String.fromCharCode(65 + (s % 26)) + (s >= 26 ? String(Math.floor(s / 26)) : '');
    for (let board = 1; board <= 26; board++) {
      for (let table = 1; table <= 13; table++) rows.push(`Bench Night,2026-11-23,PAIRS,MATCHPOINTS,2,1,${section},${board},${table},${((table + board) % 13) + 1},4S,N,${n++ < changed ? 11 : 10}`);
    }
  }
  return rows.join('\r\n') + '\r\n';
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  try {
    const pool = httpPool(server.url, 2);
    const post = (body: string, query = '') => send(pool, { method: 'POST', path: `/api/v1/imports/csv${query}`, body, headers: { 'content-type': 'text/csv' } });
    const lines = SECTIONS * 26 * 13;
    const steps: [string, Awaited<ReturnType<typeof post>>][] = [];
    steps.push(['first import', await post(file(0))]);
    steps.push(['dry run, 20 lines corrected', await post(file(20), '?dryRun=true')]);
    steps.push(['re-import, 20 lines corrected', await post(file(20))]);
    steps.push(['the same file again', await post(file(20))]);
    steps.push([`re-import, all ${fmt(lines, 0)} lines corrected`, await post(file(lines))]);
    await pool.close();
    console.log(`Re-import of a ${fmt(lines, 0)}-line session (${SECTIONS} sections × 13 tables × 26 boards)`);
    for (const [what, res] of steps) {
      const report = JSON.parse(res.body) as { reimport?: { corrected: number; unchanged: number } | null; alreadyImported?: boolean };
      const detail = report.alreadyImported ? 'answered from the first import of it' : report.reimport ? `${report.reimport.corrected} corrected, ${report.reimport.unchanged} unchanged` : '';
      console.log(`  ${what.padEnd(36)} ${String(res.status).padStart(3)}  ${fmt(res.ms, 0).padStart(7)} ms  ${detail}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
