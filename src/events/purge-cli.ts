import { targetDatabase } from '../database/backup.js';
import { PrismaService } from '../database/prisma.service.js';
import { purgeDeletedEvents, retentionDays } from './event-lifecycle.service.js';

/**
 * `npm run events:purge`: removes for good the events deleted more than TRAVELLER_DELETED_EVENT_DAYS
 * ago, on DATABASE_URL or the embedded database (running or not). The service also does it at start.
 */
async function main(): Promise<void> {
  const db = await targetDatabase();
  process.env.DATABASE_URL = db.url;
  const prisma = new PrismaService();
  try {
    const purged = await purgeDeletedEvents(prisma);
    console.log(`Purged ${purged.length} event(s) deleted more than ${retentionDays()} days ago`);
  } finally {
    await prisma.$disconnect();
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
