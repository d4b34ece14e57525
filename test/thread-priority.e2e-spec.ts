import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { ADMIN_HEADERS, buildService, serviceProcess, type ServiceProcess } from './support/service-process.js';

/** A thread's niceness: the 19th field of /proc/<pid>/task/<tid>/stat (Linux keeps one per thread). */
const nicenessOf = (pid: number, tid: string) => Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[16]);
const threadsOf = (pid: number) => new Map(readdirSync(`/proc/${pid}/task`).map((tid) => [tid, nicenessOf(pid, tid)]));

/**
 * The service as `npm start` runs it: requests are answered on its main thread, and every other
 * thread of the process (V8's collector helpers, libuv's pool, the solver's and the file
 * reader's threads) runs at a lower priority, so a busy machine answers requests first.
 */
(existsSync('/proc/self/task') ? describe : describe.skip)('thread priorities (Linux)', () => {
  let db: TestDatabase;
  let service: ServiceProcess;

  beforeAll(async () => {
    buildService();
    db = await createTestDatabase();
    // Files from 1 byte up are read in a worker thread, so a small import starts one.
    service = await serviceProcess(db.url, { TRAVELLER_IMPORT_WORKER_BYTES: '1', TRAVELLER_SOLVER_THREADS: '1' });
    await service.start();
  });
  afterAll(async () => {
    await service?.kill('SIGKILL');
    await db?.drop();
  });

  it('keeps the main thread at its priority and every other thread below it', async () => {
    const pid = service.pid!;
    const threads = threadsOf(pid);
    expect(threads.get(String(pid))).toBe(0);
    const others = [...threads].filter(([tid]) => tid !== String(pid));
    // V8's platform threads and libuv's pool at least.
    expect(others.length).toBeGreaterThanOrEqual(4);
    for (const [tid, niceness] of others) expect({ tid, niceness }).toEqual({ tid, niceness: 10 });
  });

  it('leaves no thread but the main one at its priority after a file read in a thread of its own', async () => {
    const csv = ['Session,Section,Board,Table,NS,EW,Contract,Declarer,Tricks', ...[1, 2].flatMap((board) => [1, 2].map((t) => `1,A,${board},${t},${t},${t + 2},4S,N,${9 + t}`))].join('\n');
    const res = await fetch(`${service.url}/api/v1/imports/csv`, { method: 'POST', headers: { 'content-type': 'text/csv', ...ADMIN_HEADERS }, body: csv });
    expect(res.status).toBe(201);
    const pid = service.pid!;
    for (const [tid, niceness] of threadsOf(pid)) expect({ tid, niceness }).toEqual({ tid, niceness: tid === String(pid) ? 0 : 10 });
  });

  it('leaves every thread at the service’s priority with TRAVELLER_BACKGROUND_NICENESS=0, and refuses a bad value at the start', async () => {
    const plain = await serviceProcess(db.url, { TRAVELLER_BACKGROUND_NICENESS: '0', TRAVELLER_SOLVER_THREADS: '1' });
    try {
      await plain.start();
      for (const [tid, niceness] of threadsOf(plain.pid!)) expect({ tid, niceness }).toEqual({ tid, niceness: 0 });
    } finally {
      await plain.kill('SIGKILL');
    }
    const bad = await serviceProcess(db.url, { TRAVELLER_BACKGROUND_NICENESS: '25' });
    await expect(bad.start()).rejects.toThrow('The service exited with code 1');
  });

  it('keeps a reading thread ready for a large file, at the lower priority; not with TRAVELLER_IMPORT_READER_READY=0, and a bad value stops the start', async () => {
    const startedLog = (s: ServiceProcess) => JSON.parse(s.output().split('\n').find((line) => line.includes('"msg":"started"'))!) as { readerReady: boolean };
    for (const [setting, ready] of [[undefined, true], ['0', false]] as const) {
      const s = await serviceProcess(db.url, setting === undefined ? {} : { TRAVELLER_IMPORT_READER_READY: setting }, [], { captureOutput: true });
      try {
        await s.start();
        expect(startedLog(s).readerReady).toBe(ready);
        for (const [tid, niceness] of threadsOf(s.pid!)) expect({ tid, niceness }).toEqual({ tid, niceness: tid === String(s.pid) ? 0 : 10 });
      } finally {
        await s.kill('SIGKILL');
      }
    }
    const bad = await serviceProcess(db.url, { TRAVELLER_IMPORT_READER_READY: 'yes' });
    await expect(bad.start()).rejects.toThrow('The service exited with code 1');
  });
});
