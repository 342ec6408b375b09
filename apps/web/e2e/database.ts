import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Tables whose rows carry the soft-delete flag (`deleted` 1) the tests set. */
export type SoftDeletable =
  | 'agendas'
  | 'speakers'
  | 'enterprises'
  | 'products'
  | 'activities'
  | 'tickets'
  | 'appointments'
  | 'pages'
  | 'news'
  | 'votes'
  | 'vote_players'
  | 'lives';

/**
 * Marks rows deleted in a stopped test server's PGlite folder (TestServer.restart), the way an
 * organiser's removal leaves them; throws when a row is not there.
 */
export async function softDelete(
  dataDir: string,
  rows: { table: SoftDeletable; id: string }[],
): Promise<void> {
  const client = await PGlite.create({ dataDir, extensions: { btree_gist, pg_trgm } });
  try {
    for (const { table, id } of rows) {
      const result = await client.query(`update ${table} set deleted = 1 where id = $1`, [id]);
      if (result.affectedRows !== 1) throw new Error(`no row ${id} in ${table}`);
    }
  } finally {
    await client.close();
  }
}
