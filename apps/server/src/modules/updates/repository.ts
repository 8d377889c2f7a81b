import type { Db, Tx } from '../../db/database.ts';

export type TakenHow = 'copy' | 'install';

export interface Take {
  userId: number;
  componentUuid: string;
  version: number;
  how: TakenHow;
  at: number;
}

export interface TakenRow {
  component_uuid: string;
  version: number;
  how: TakenHow;
  taken_at: number;
}

/** The `components_taken` table (decision 065): this module is its only writer. */
export function componentsTakenRepository(db: Db | Tx) {
  return {
    /**
     * One statement, so two takes at once leave one row: the primary key (user, component)
     * makes the second an update. A take of an older version than the one recorded changes
     * nothing; the same or a newer one moves the date and the way it was taken.
     */
    async record(take: Take): Promise<void> {
      await db
        .insertInto('components_taken')
        .values({
          user_id: take.userId,
          component_uuid: take.componentUuid,
          version: take.version,
          how: take.how,
          taken_at: take.at,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'component_uuid'])
            .doUpdateSet((eb) => ({
              version: eb.ref('excluded.version'),
              how: eb.ref('excluded.how'),
              taken_at: eb.ref('excluded.taken_at'),
            }))
            .where('excluded.version', '>=', (eb) => eb.ref('components_taken.version')),
        )
        .execute();
    },

    /** Everything a user took, most recent first. */
    async ofUser(userId: number): Promise<TakenRow[]> {
      return db
        .selectFrom('components_taken')
        .select(['component_uuid', 'version', 'how', 'taken_at'])
        .where('user_id', '=', userId)
        .orderBy('taken_at', 'desc')
        .orderBy('component_uuid')
        .execute();
    },

    /** What a user took of these components (a subcategory page's). */
    async ofComponents(userId: number, uuids: readonly string[]): Promise<TakenRow[]> {
      if (uuids.length === 0) return [];
      return db
        .selectFrom('components_taken')
        .select(['component_uuid', 'version', 'how', 'taken_at'])
        .where('user_id', '=', userId)
        .where('component_uuid', 'in', uuids)
        .execute();
    },

    /** An account's deletion (decision 060): nothing of what they took is kept. */
    async deleteFor(userId: number): Promise<number> {
      const result = await db
        .deleteFrom('components_taken')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
