import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../auth/test-database';
import { DEMO_JWT_SECRET } from '../config';
import { openMigratedDatabase } from '../stack';

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('migrate on one server', () => {
  it('migrates four new databases at once: the platform SQL changes the server-wide roles one database at a time', async () => {
    const scratches = await Promise.all(Array.from({ length: 4 }, () => createScratchDatabase(serverUrl!)));
    try {
      // Without the server-wide lock, two of these failed with "tuple concurrently updated".
      const outcomes = await Promise.allSettled(
        scratches.map(async (scratch) => {
          const { db } = await openMigratedDatabase(scratch.url, DEMO_JWT_SECRET);
          await db.close();
        }),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(scratches.map((scratch) => scratch.drop()));
    }
  }, 120_000);
});
