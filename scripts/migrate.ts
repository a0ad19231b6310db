// `npm run migrate`: applies pending migrations and seeds an empty database, then exits.
import fs from 'node:fs';
import { loadConfig } from '#api/config';
import { createDb, migrate } from '#api/db';
import { seedIfEmpty } from '#seeds/index';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrate(db, { uploadDir: config.uploadDir });
  const seeded = await seedIfEmpty(db);
  console.log(`[migrate] up to date${seeded ? ', sample content seeded' : ''}`);
} finally {
  await db.destroy();
}
