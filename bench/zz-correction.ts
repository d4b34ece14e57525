import pg from 'pg';
import { applyEventChanges, changesBySession, loadEventData } from '../src/rankings/event-data.js';
import { scoreEvent, scoreEventInSlices, rankedList } from '../src/rankings/event-scoring.js';
import { warmUpScoring } from './zz-warm.js';
if (process.env.WARM) { const t0 = performance.now(); warmUpScoring(); console.log('warm-up', (performance.now() - t0).toFixed(0)); }


const schema = process.argv[2];
function FIRSTCORR<T>(f: () => T): T { return f(); }
function LATERCORR<T>(f: () => T): T { return f(); }
const pool = new pg.Pool({ connectionString: 'postgresql://postgres@127.0.0.1:5432/test', options: `-c search_path=${schema}` });
const [{ id }] = (await pool.query('select "eventId" as id from "Contestant" group by 1 order by count(*) desc limit 1')).rows;
const wrap = { query: (t: string, p: unknown[]) => pool.query(t, p) } as never;
let data = await loadEventData(wrap, id);
let t = performance.now();
let scored = await scoreEventInSlices(data);
console.log('whole', (performance.now() - t).toFixed(0));
const lines = data.sessions[0].results;
for (let i = 0; i < 12; i++) {
  const line = lines[(i * 7919) % lines.length];
  if (line.status !== 'PLAYED') continue;
  const changed = { ...line, tricks: line.tricks === 13 ? 12 : line.tricks! + 1, nsScore: (line.nsScore ?? 0) + 30, version: line.version + 1 };
  const changes = { results: [changed], removed: [], sessions: data.sessions.map((s) => s.session), penalties: [] };
  t = performance.now();
  data = applyEventChanges(data, changes);
  const t1 = performance.now();
  const d = data, sc = scored;
  scored = i === 0 ? FIRSTCORR(() => scoreEvent(d, sc, changesBySession(d, changes))) : LATERCORR(() => scoreEvent(d, sc, changesBySession(d, changes)));
  console.log('  apply', (t1 - t).toFixed(1), 'score', (performance.now() - t1).toFixed(1));
  const rows = 0;
  console.log('correction', i, (performance.now() - t).toFixed(1), 'ms', rows);
}
await pool.end();
