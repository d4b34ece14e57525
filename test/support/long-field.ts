import { dataOf, type TestApp } from './app.js';

/**
 * A field larger than a results page shows at once, as a simultaneous's is: sections of 20 tables
 * (NS t against EW t + board − 1), each pair named after its seat, imported as one travellers CSV
 * into a new event scored across the session. `sections`: their names (the letters of a string).
 * Answers the session's id.
 */
export async function importLongField(t: TestApp, name: string, sections: Iterable<string>, boards: number[]): Promise<string> {
  const { createEvent } = dataOf(await t.gql(`mutation($n: String!) { createEvent(input: { name: $n, kind: PAIRS, scoring: MATCHPOINTS, scoreAcross: SESSION }) { id } }`, { n: name }));
  const rows = ['Session,Section,Board,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks,Status,Winners'];
  for (const [s, letter] of [...sections].entries())
    for (let table = 1; table <= 20; table++)
      for (const board of boards) {
        const ew = ((table + board - 1) % 20) + 1;
        rows.push(`1,${letter},${board},${table},${table},${ew},N${letter}${table} & S${letter}${table},E${letter}${ew} & W${letter}${ew},4S,N,${8 + ((table * 7 + s * 3 + board) % 5)},PLAYED,2`);
      }
  await t.http().post(`/api/v1/imports/csv?eventId=${createEvent.id}`).set('content-type', 'text/csv').send(rows.join('\n')).expect(201);
  return dataOf(await t.gql(`query($e: ID!) { event(id: $e) { sessions { id } } }`, { e: createEvent.id })).event.sessions[0].id;
}
