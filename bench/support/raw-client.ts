import { connect, type Socket } from 'node:net';

/**
 * A lean HTTP/1.1 keep-alive client for benchmarks: the request bytes are built once, and a
 * response is read only far enough to know its status and where it ends (Content-Length). Much
 * less CPU than a general client, so on a 2-core machine the server, not the load, is measured.
 */
export class RawConnection {
  private socket!: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | null = null;
  private failed: ((error: Error) => void) | null = null;

  static async open(port: number): Promise<RawConnection> {
    const c = new RawConnection();
    await new Promise<void>((resolve, reject) => {
      c.socket = connect({ port, host: '127.0.0.1', noDelay: true }, resolve);
      c.socket.once('error', reject);
    });
    c.socket.on('data', (chunk) => c.onData(chunk));
    c.socket.on('error', (e) => c.failed?.(e));
    return c;
  }

  /** Sends prepared request bytes; resolves with the status once the whole response is in. */
  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.subarray(0, headEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < headEnd + 4 + length) return;
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    const status = Number(head.slice(9, 12));
    const done = this.waiting;
    this.waiting = null;
    done?.(status);
  }
}

export function rawRequest(method: 'GET' | 'POST', path: string, body?: string): Buffer {
  const payload = body ? Buffer.from(body) : Buffer.alloc(0);
  const head = `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` + (body ? `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n` : '') + '\r\n';
  return Buffer.concat([Buffer.from(head), payload]);
}
