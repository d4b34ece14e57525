import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { BINARY_HEADER, BINARY_TRAILER } from './copy-binary.js';

/** Rows a chunk of COPY data holds (~1.7 MB of Result lines): one CopyData message, one hand-over between threads. */
export const COPY_CHUNK = 10_000;

/** `COPY "table" ("a", "b", …) FROM STDIN` in the binary format. */
const copySql = (table: string, columns: readonly string[]) => `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN (FORMAT binary)`;

/**
 * Chunks of COPY binary tuples (perhaps encoded in another thread: `BinaryCopyWriter`; the
 * stream's header and trailer are added here) into `table`, in one
 * `COPY … FROM STDIN` streamed a chunk at a time, on `client`, which must be the caller's
 * transaction's connection (PrismaService.connectionOf) and run nothing else until this returns.
 * One statement, not one a chunk: the database goes on inserting while the next chunk arrives,
 * where a statement a chunk left it waiting for each round trip (~0.3 s of a national file's 24
 * chunks); its foreign keys are checked once for the load where the role allows it (bulk-load.ts),
 * else row by row at the statement's end. `beforeChunk` may throw to give up between chunks (a
 * shutdown): the COPY is then abandoned (CopyFail) and the caller's transaction must roll back.
 * Unlike a statement through Prisma, the rows are never turned into query parameters, JSON or
 * objects on the way: the bytes go to the socket as they are.
 */
export async function copyInto(client: pg.ClientBase, table: string, columns: readonly string[], chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, beforeChunk?: () => void): Promise<void> {
  const sql = copySql(table, columns);
  beforeChunk?.();
  async function* checked() {
    yield BINARY_HEADER;
    for await (const chunk of chunks) {
      yield chunk;
      beforeChunk?.();
    }
    yield BINARY_TRAILER;
  }
  await pipeline(Readable.from(checked()), client.query(copyStreams.from(sql)));
}
