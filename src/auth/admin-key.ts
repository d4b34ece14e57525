import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase } from '../database/embedded-postgres.js';
import { migrate } from '../database/migrate.js';
import { PrismaService } from '../database/prisma.service.js';
import { generateKey } from './api-key.js';

/**
 * `npm run admin-key`: a new global admin key, for an operator who has the database but lost the
 * key printed at first start. Printed once; only its hash is stored.
 */
async function main(): Promise<void> {
  const db = await ensureDatabase();
  await migrate();
  const prisma = new PrismaService();
  try {
    const { key, prefix, hash } = generateKey();
    await prisma.apiKey.create({ data: { name: `admin key made by npm run admin-key on ${new Date().toISOString().slice(0, 10)}`, role: 'ADMIN', organizationId: null, prefix, hash, createdBy: 'npm run admin-key' } });
    console.log(`A new admin key (shown once; only its hash is kept):\n\n    ${key}\n`);
  } finally {
    await prisma.$disconnect();
    await db.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
