import type { Db } from '../../platform/db/client.js';

/** device_claim_codes: one single-use code per inventory device (migration 0023). */
export function createClaimRepository() {
  return {
    async byCode(db: Db, codigo: string) {
      const row = await db
        .selectFrom('device_claim_codes')
        .selectAll()
        .where('codigo', '=', codigo)
        .executeTakeFirst();
      return row
        ? {
            deviceId: Number(row.device_id),
            claimedBy: row.claimed_by === null ? null : Number(row.claimed_by),
            claimedAt: row.claimed_at === null ? null : Number(row.claimed_at),
          }
        : undefined;
    },

    async ofDevice(db: Db, deviceId: number) {
      return db
        .selectFrom('device_claim_codes')
        .select(['codigo', 'claimed_at'])
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
    },

    /** Inserts the device's code; false when the code is taken (the caller draws another). */
    async insert(db: Db, deviceId: number, codigo: string): Promise<boolean> {
      const taken = await db
        .selectFrom('device_claim_codes')
        .select('device_id')
        .where('codigo', '=', codigo)
        .executeTakeFirst();
      if (taken) return false;
      await db
        .insertInto('device_claim_codes')
        .values({ device_id: deviceId, codigo, created_at: Date.now(), claimed_by: null, claimed_at: null })
        .execute();
      return true;
    },

    /** Spends the code once: true for the one caller that did it. */
    async spend(db: Db, deviceId: number, userId: number): Promise<boolean> {
      const result = await db
        .updateTable('device_claim_codes')
        .set({ claimed_by: userId, claimed_at: Date.now() })
        .where('device_id', '=', deviceId)
        .where('claimed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
