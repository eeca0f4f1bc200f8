import type { DataSource } from 'typeorm';

/** Rows fetched per round trip: large enough to keep the writer busy, small enough to stay flat. */
const BATCH_ROWS = 2000;

/**
 * The rows of `sql` in batches through a server-side cursor, so a million-row export holds one
 * batch in memory at a time. The cursor lives in a read-only transaction on a connection of its
 * own, with the session's time zone set to `timeZone` (dates then format in the institute's
 * zone); breaking out of the loop (a client that went away) closes it.
 */
export async function* cursorBatches<R>(
  db: DataSource,
  sql: string,
  parameters: unknown[],
  timeZone: string,
): AsyncGenerator<R[]> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('BEGIN TRANSACTION READ ONLY');
    await runner.query(`SELECT set_config('TimeZone', $1, true)`, [timeZone]);
    // Every row will be read: plan for the whole result (as COPY does), not for the first 10%
    // a cursor is planned for by default, which picks slow ordered index walks.
    await runner.query(`SET LOCAL cursor_tuple_fraction = 1.0`);
    await runner.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${sql}`, parameters);
    // One batch at a time: reading ahead made the writers' garbage outgrow the 32 MB bound.
    for (;;) {
      const rows = (await runner.query(`FETCH ${BATCH_ROWS} FROM export_rows`)) as R[];
      if (rows.length) yield rows;
      if (rows.length < BATCH_ROWS) break;
    }
  } finally {
    // A read-only transaction has nothing to keep: ending it either way closes the cursor.
    await runner.query('ROLLBACK').catch(() => undefined);
    await runner.release();
  }
}
