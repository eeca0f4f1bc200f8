import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { EntityManager } from 'typeorm';

/** A statement's name on a connection: the same text always gets the same name. */
const statementName = (sql: string): string =>
  `vialqc_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;

/**
 * Runs `sql` as a named prepared statement on the transaction's connection, so PostgreSQL plans it
 * once per connection instead of at every call: for the small statements on hot paths (a record's
 * processing) whose planning costs as much as their execution. Rows come back as from
 * `manager.query` (same connection, same type parsers). Outside a transaction there is no
 * connection to keep the statement on, and it runs as a plain query.
 */
export async function preparedQuery<Row>(
  manager: EntityManager,
  sql: string,
  params: unknown[],
): Promise<Row[]> {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) return manager.query(sql, params);
  const client = (await runner.connect()) as PoolClient;
  const result = await client.query({ name: statementName(sql), text: sql, values: params });
  return result.rows as Row[];
}

/**
 * Runs a read as a named prepared statement on a pooled connection (the transaction's, if any),
 * so PostgreSQL parses and plans it once per connection rather than at every request: for reads
 * on a hot path (a records page) whose planning costs more than running them. Only for reads: a
 * statement sent straight to the connection passes no TypeORM hook, and the audit context's
 * hook is what writes need.
 */
export async function preparedRead(
  manager: EntityManager,
  sql: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const client = (await runner.connect()) as PoolClient;
    return (await client.query({ name: statementName(sql), text: sql, values: params })).rows;
  } finally {
    if (runner !== manager.queryRunner) await runner.release();
  }
}
