import { useTestDatabaseClient } from '../../testing/database';
import { LINE_TALLY_BODY } from './line-tally-function';

const db = useTestDatabaseClient();

/** SQL compared as PostgreSQL reads it: runs of white space are one space. */
const normalized = (sql: string) => sql.replace(/\s+/g, ' ').trim();

// Migrations hold the SQL they ran as literals; this is what notices that the included-record
// rule changed since the last one that installed line_tally(): write a migration that installs
// LINE_TALLY_FUNCTION (`npx tsx server/db/line-tally-function.ts` prints it).
it('installs the line_tally() the current included-record rule gives (a new rule needs a migration)', async () => {
  const { rows } = await db.pg.query<{ prosrc: string }>(
    `SELECT prosrc FROM pg_proc WHERE proname = 'line_tally'`,
  );
  expect(rows.map((row) => normalized(row.prosrc))).toEqual([normalized(LINE_TALLY_BODY)]);
});

it('runs line_tally() after every insert, update and delete of records', async () => {
  const { rows } = await db.pg.query<{ tgname: string }>(
    `SELECT tgname FROM pg_trigger
     WHERE tgrelid = 'records'::regclass AND tgfoid = 'line_tally'::regproc ORDER BY tgname`,
  );
  expect(rows.map((row) => row.tgname)).toEqual([
    'line_tally_delete',
    'line_tally_insert',
    'line_tally_update',
  ]);
});
