import { resolve } from 'node:path';
import { backup, restore, targetDatabase } from './backup.js';

/**
 * `npm run db:backup [-- file]` and `npm run db:restore -- file [--replace]`, on DATABASE_URL or
 * the embedded database (running or not).
 */
async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const db = await targetDatabase();
  try {
    if (command === 'backup') {
      const file = resolve(args[0] ?? `traveller-${new Date().toISOString().replace(/[:.]/g, '-')}.backup.gz`);
      const done = await backup(db.url, file);
      console.log(`Backed up ${done.rows} rows of ${done.tables} tables (migration ${done.migration}) to ${file}`);
    } else if (command === 'restore' && args[0]) {
      const done = await restore(db.url, resolve(args[0]), { replace: args.includes('--replace') });
      console.log(`Restored ${done.rows} rows of ${done.tables} tables (migration ${done.migration})`);
    } else {
      console.error('Usage: npm run db:backup [-- file]   |   npm run db:restore -- file [--replace]');
      process.exitCode = 2;
    }
  } finally {
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
