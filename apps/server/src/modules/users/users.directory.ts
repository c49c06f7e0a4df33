import type { Db } from '../../platform/db/client.js';
import { createUsersRepository } from './users.repository.js';

/**
 * What other modules may read about accounts: the users module owns the users table, so
 * licensing (whose licence applies), devices (sharing by username, usage of a licence family)
 * and the demo seed ask here. `executor` lets a read join the caller's transaction.
 */
export function createUserDirectory(db: Db) {
  const repo = createUsersRepository();
  return {
    /** The parent account of a sub-user, or null. */
    parentOf: (userId: number, executor: Db = db) => repo.parentOf(executor, userId),
    /** The user and its sub-users: the accounts one licence covers. */
    familyOf: (userId: number, executor: Db = db) => repo.familyIds(executor, userId),
    /** By username or e-mail, ignoring case. */
    async findByUsernameOrMail(text: string, executor: Db = db): Promise<{ id: number } | null> {
      const row = await repo.byUsernameOrMail(executor, text);
      return row ? { id: Number(row.id) } : null;
    },
    async idByUsername(username: string, executor: Db = db): Promise<number | null> {
      const row = await repo.byUsername(executor, username);
      return row ? Number(row.id) : null;
    },
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
