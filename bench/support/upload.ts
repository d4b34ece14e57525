import { request } from 'node:http';

/** A response as the benches read it: status and body. */
export interface Uploaded {
  ok: boolean;
  status: number;
  json(): unknown;
}

/**
 * A file POSTed as the body in one write, from a buffer the caller made beforehand, as a federation's
 * system or `curl --data-binary @file` sends it. Not `fetch`: for a 20 MB body, undici's copy and
 * the start of its stream took the bench's own thread ~150–250 ms before the service saw a byte,
 * and that time was counted as the import's.
 */
export function upload(url: string, body: Uint8Array, headers: Record<string, string>): Promise<Uploaded> {
  return new Promise((done, fail) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.byteLength) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        done({ ok: status >= 200 && status < 300, status, json: () => JSON.parse(text) });
      });
    });
    req.on('error', fail);
    req.end(body);
  });
}
