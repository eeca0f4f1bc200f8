import type { Readable } from 'node:stream';
import { escapeLiteral, type Pool, type PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { prepareValue } from 'pg/lib/utils';
import type { DataSource } from 'typeorm';
import { FORMULA_START_CHARACTERS } from '../../../shared/domain/spreadsheet-text';
import type { CopyQuery, ExportColumn } from './table';

/** SQL of `neutraliseFormula` (shared/domain/spreadsheet-text.ts) over a text expression. */
const neutralisedSql = (expression: string) =>
  `CASE WHEN left(${expression}, 1) IN (${FORMULA_START_CHARACTERS.map(escapeLiteral).join(', ')})
        THEN '''' || ${expression} ELSE ${expression} END`;

/**
 * The CSV cells of `query`'s rows, for COPY: `fields` are its column names in the columns'
 * order; text is neutralised as the writers do, figures and instants pass as PostgreSQL writes
 * them. A subquery's ORDER BY holds for a plain projection over it.
 */
export function copyQuery(
  columns: ExportColumn[],
  fields: readonly string[],
  [sql, parameters]: [string, unknown[]],
  timeZone: string,
): CopyQuery {
  const cells = columns.map((column, i) => {
    const field = `export_rows.${fields[i]!}`;
    return column.type === 'text' ? neutralisedSql(field) : field;
  });
  return { sql: `SELECT ${cells.join(', ')} FROM (${sql}) export_rows`, parameters, timeZone };
}

/**
 * `sql` with its `$n` parameters written in as literals: COPY takes no bind parameters.
 * node-postgres sends every parameter as untyped text (`prepareValue`); the same text as an
 * escaped literal is untyped too, so PostgreSQL infers each one's type exactly as before.
 * Export SQL is built by TypeORM from fixed fragments, so `$n` stands in no string literal.
 */
function withLiterals(sql: string, parameters: unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = prepareValue(parameters[Number(n) - 1]);
    return value === null ? 'NULL' : escapeLiteral(String(value));
  });
}

export interface CopiedRows {
  /** The first chunk, read before anything is sent (a failing query fails before a byte). */
  first: Buffer | undefined;
  rest: AsyncIterator<Buffer>;
  /** Gives the connection back; a COPY left half-read cannot be reused, so it is closed. */
  release: () => Promise<void>;
}

/**
 * Streams `query` as CSV rows (no header) straight from PostgreSQL: the server passes buffers
 * on and makes no object per row or cell, so a million-row export neither grows the heap nor
 * waits on JavaScript. Runs in a read-only transaction on a connection of its own.
 */
export async function copyRows(db: DataSource, query: CopyQuery): Promise<CopiedRows> {
  const pool = (db.driver as unknown as { master: Pool }).master;
  const client: PoolClient = await pool.connect();
  let stream: Readable | undefined;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    if (stream && !stream.readableEnded) {
      stream.destroy();
      client.release(new Error('The export ended before its last row.'));
      return;
    }
    // A read-only transaction has nothing to keep.
    await client.query('ROLLBACK').then(
      () => client.release(),
      (err: Error) => client.release(err),
    );
  };
  try {
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SELECT set_config('TimeZone', $1, true)`, [query.timeZone]);
    const sql = withLiterals(query.sql, query.parameters);
    stream = client.query(copyTo(`COPY (${sql}) TO STDOUT WITH (FORMAT csv)`));
    const rest = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const first = await rest.next();
    return { first: first.done ? undefined : first.value, rest, release };
  } catch (err) {
    await release();
    throw err;
  }
}
