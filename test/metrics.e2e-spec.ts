import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { buildEvent, postLines } from './support/events.js';

/** Prometheus metrics: off unless TRAVELLER_METRICS_TOKEN is set, then only for that token. */
describe('/metrics', () => {
  const TOKEN = 'scraper-token-3f9c1e';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(undefined, { env: { TRAVELLER_METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    delete process.env.TRAVELLER_METRICS_TOKEN;
    await t.close();
  });

  const scrape = (token: string | null) => {
    const req = t.as(null).get('/metrics');
    return token ? req.set('Authorization', `Basic ${Buffer.from(`prometheus:${token}`).toString('base64')}`) : req;
  };

  it('answers only the scraper that sends the token, and no API key stands in for it', async () => {
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape('wrong')).status).toBe(401);
    expect((await t.as(process.env.TRAVELLER_ADMIN_KEY!).get('/metrics')).status).toBe(401);
    expect((await t.as(null).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(401);
    const ok = await scrape(TOKEN).expect(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('counts requests by route, GraphQL operations by root field, posts, cache answers, the pool and the event loop', async () => {
    const e = await buildEvent(t, { scoring: 'MATCHPOINTS' });
    await postLines(t, e.sessionIds[0], [{ board: 1, nsPair: 1, ewPair: 2, contract: '4S', declarer: 'N', result: '=' }]);
    const query = `query($s: ID!) { sessionRanking(sessionId: $s) { place } }`;
    dataOf(await t.gqlAs(null, query, { s: e.sessionIds[0] }));
    dataOf(await t.gqlAs(null, query, { s: e.sessionIds[0] }));
    const text = (await scrape(TOKEN).expect(200)).text;
    expect(text).toMatch(/traveller_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/sessions\/:id\/results",status="201"\} 1/);
    expect(text).toMatch(/traveller_graphql_operation_duration_seconds_count\{operation="sessionRanking",type="query",outcome="ok"\} \d+/);
    expect(text).toMatch(/traveller_traveller_lines_total\{outcome="created"\} 1/);
    expect(text).toMatch(/traveller_response_cache_total\{outcome="HIT"\} \d+/);
    expect(text).toMatch(/traveller_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/traveller_live_subscribers 0/);
    // Ids never become labels.
    expect(text).not.toContain(e.sessionIds[0]);
  });
});

describe('/metrics without a token configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is not there', async () => {
    expect((await t.as(null).get('/metrics')).status).toBe(404);
  });
});
