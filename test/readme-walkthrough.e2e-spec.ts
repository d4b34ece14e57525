import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { buildService, serviceProcess, SERVICE_ADMIN_KEY, type ServiceProcess } from './support/service-process.js';

/** The README's club night, run exactly as written against the real service: a newcomer's first hour. */
describe('README walkthrough', () => {
  let db: TestDatabase;
  let service: ServiceProcess;
  beforeAll(async () => {
    buildService();
    db = await createTestDatabase();
    service = await serviceProcess(db.url);
    await service.start();
  });
  afterAll(async () => {
    await service?.kill();
    await db?.drop();
  });

  it('runs from an empty database to published results', () => {
    const readme = readFileSync('README.md', 'utf8');
    const block = /<!-- walkthrough:start -->\n```sh\n([\s\S]*?)```\n<!-- walkthrough:end -->/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const out = execFileSync('bash', ['-euo', 'pipefail', '-c', block!], { env: { ...process.env, URL: service.url, KEY: SERVICE_ADMIN_KEY }, encoding: 'utf8' });
    const lines = out.trim().split('\n');
    // Every post answered with the stored line and its score; the correction as a correction.
    const posts = lines.filter((l) => l.startsWith('{"line"')).map((l) => JSON.parse(l));
    expect(posts).toHaveLength(10);
    expect(posts.slice(0, 9).every((p) => p.created)).toBe(true);
    expect(posts[9]).toMatchObject({ created: false, corrected: true, line: { board: 6, result: '+1', nsScore: 130 } });
    expect(lines[0]).toBe('{"createSection":{"boards":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21]}}');
    const ranking = JSON.parse(lines.find((l) => l.startsWith('{"sessionRanking"'))!).sessionRanking;
    expect(ranking.map((r: any) => r.contestant.number)).toEqual(expect.arrayContaining([1, 2]));
    const traveller = JSON.parse(lines.find((l) => l.startsWith('{"traveller"'))!).traveller;
    // Board 4 (both vulnerable) has 2 of its 7 results: Neuberg gives the top (2 of 2) 9.5 of 12 and the bottom 2.5.
    expect(traveller).toMatchObject({ top: 12, lines: [{ nsPair: 1, ewPair: 7, nsScore: 100, nsMatchpoints: 9.5 }, { nsPair: 2, ewPair: 2, nsScore: -620, nsMatchpoints: 2.5 }] });
    expect(lines).toContain('{"event":{"status":"COMPLETED"}}');
    expect(lines.at(-1)).toMatch(/^Results pages: http:\/\/127\.0\.0\.1:\d+\/sessions\/[0-9a-f-]{36}$/);
  });
});
