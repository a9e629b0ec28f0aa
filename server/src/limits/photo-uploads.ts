import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { photoUploads } from '../db/schema';
import { enforceQuota, HOUR_MS } from './quotas';

/**
 * Counts a photo upload by `accountId` before a byte of it is read, or refuses it with 429 once the
 * account started `perHour` in the hour. Uploads, not stored photos: one refused for its bytes, or
 * removed again, cost the image work all the same.
 */
export async function countPhotoUpload(db: Database, accountId: string, perHour: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await enforceQuota(tx, 'photoUploads', accountId, perHour, now);
    await tx
      .delete(photoUploads)
      .where(and(eq(photoUploads.accountId, accountId), lt(photoUploads.uploadedAt, new Date(now.getTime() - HOUR_MS))));
    await tx.insert(photoUploads).values({ accountId, uploadedAt: now });
  });
}
