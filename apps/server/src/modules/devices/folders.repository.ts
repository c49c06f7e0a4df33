import type { Db } from '../../platform/db/client.js';
import type { FolderRow } from '../../platform/db/schema.js';

/** Queries on folders (one tree per user, with a root). Every function takes the executor. */
export function createFoldersRepository() {
  return {
    async rootOf(db: Db, userId: number): Promise<FolderRow | undefined> {
      return db
        .selectFrom('folders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('es_root', '=', 1)
        .orderBy('id')
        .executeTakeFirst();
    },

    async insert(
      db: Db,
      values: { userId: number; nombre: string; parentId: number | null; esRoot: boolean },
    ): Promise<number> {
      const row = await db
        .insertInto('folders')
        .values({
          user_id: values.userId,
          nombre: values.nombre,
          parent_id: values.parentId,
          es_root: values.esRoot ? 1 : 0,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** A folder of the user, or undefined when missing or someone else's. */
    async ownedBy(db: Db, userId: number, folderId: number): Promise<FolderRow | undefined> {
      return db
        .selectFrom('folders')
        .selectAll()
        .where('id', '=', folderId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async allOf(db: Db, userId: number): Promise<FolderRow[]> {
      return db
        .selectFrom('folders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('nombre')
        .orderBy('id')
        .execute();
    },

    async update(db: Db, folderId: number, values: { nombre: string; parentId: number | null }) {
      await db
        .updateTable('folders')
        .set({ nombre: values.nombre, parent_id: values.parentId })
        .where('id', '=', folderId)
        .execute();
    },

    /** Deletes a folder that holds nothing (a duplicate root lost in a race). */
    async deleteEmpty(db: Db, userId: number, folderId: number) {
      await db.deleteFrom('folders').where('id', '=', folderId).where('user_id', '=', userId).execute();
    },

    /** Moves the folder's devices and sub-folders to `targetId`, then deletes it. */
    async deleteInto(db: Db, userId: number, folderId: number, targetId: number) {
      await db
        .updateTable('device_users')
        .set({ folder_id: targetId })
        .where('user_id', '=', userId)
        .where('folder_id', '=', folderId)
        .execute();
      await db
        .updateTable('folders')
        .set({ parent_id: targetId })
        .where('user_id', '=', userId)
        .where('parent_id', '=', folderId)
        .execute();
      await db.deleteFrom('folders').where('id', '=', folderId).where('user_id', '=', userId).execute();
    },
  };
}

export type FoldersRepository = ReturnType<typeof createFoldersRepository>;
