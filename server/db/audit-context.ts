import { AsyncLocalStorage } from 'node:async_hooks';
import {
  EventSubscriber,
  type BeforeQueryEvent,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionStartEvent,
} from 'typeorm';

/**
 * Who is acting, for the audit trail: the database reads it from the transaction's
 * `vialqc.audit` setting (the subscriber below sets it at each transaction's start) and
 * stamps every entry its triggers write with it. Field names are the table's columns.
 */
export interface AuditContext {
  /** Null for the product itself (processing, scheduled work) or before anyone signed in. */
  actor_id: number | null;
  actor_email: string | null;
  client_address: string | null;
  request_id: string | null;
}

const current = new AsyncLocalStorage<AuditContext>();

/** Runs `work` (and everything it awaits) as `context`. */
export const withAuditContext = <T>(context: AuditContext, work: () => T): T =>
  current.run(context, work);

/** The context of the request or job being served, if any. */
const auditContext = (): AuditContext | undefined => current.getStore();

/**
 * A statement that may write audited rows outside of a transaction: a plain write, or a WITH
 * whose parts write (a data-modifying CTE names its INSERT, UPDATE, DELETE or MERGE). A read-only
 * WITH (the baselines of a records page) must not cost a round trip on every request.
 */
const WRITE = /^\s*(insert|update|delete|merge)\b/i;
const WITH = /^\s*with\b/i;
const WRITING_PART = /\b(insert|update|delete|merge)\b/i;
const mayWrite = (query: string) =>
  WRITE.test(query) || (WITH.test(query) && WRITING_PART.test(query));

/** The pooled connections that hold a session-wide context (see beforeQuery). */
const sessionContext = new WeakSet<object>();

/** The pg client a query runner holds (PostgresQueryRunner's, once connected). */
const clientOf = (runner: QueryRunner): object =>
  (runner as unknown as { databaseConnection: object }).databaseConnection;

const setContext = (runner: QueryRunner, value: string, local: boolean) =>
  runner.query(`SELECT set_config('vialqc.audit', $1, ${local})`, [value]);

/**
 * Hands the acting user of the request or job being served (server/domain/audit/context.ts) to
 * the database as the `vialqc.audit` setting the audit triggers read (migration AuditTrail), so
 * that no write path has to remember to pass it on:
 * - at the start of every transaction (a save runs in one of its own), for that transaction;
 * - before a write statement outside of a transaction (an update by the query builder, a raw
 *   statement), for the connection's session. A session's value would outlive the statement:
 *   the next transaction or lone write on that connection replaces or clears it before it can
 *   be read again.
 */
@EventSubscriber()
export class AuditContextSubscriber implements EntitySubscriberInterface {
  async afterTransactionStart({ queryRunner }: TransactionStartEvent): Promise<void> {
    const context = auditContext();
    if (context) await setContext(queryRunner, JSON.stringify(context), true);
    else if (sessionContext.has(clientOf(queryRunner))) await clear(queryRunner);
  }

  // Not async: a read (nearly every statement) returns nothing, so TypeORM's broadcaster has no
  // promise to wait for on each query.
  beforeQuery({ queryRunner, query }: BeforeQueryEvent): Promise<void> | void {
    if (!queryRunner || queryRunner.isTransactionActive || !mayWrite(query)) return;
    return contextForWrite(queryRunner);
  }
}

async function contextForWrite(queryRunner: QueryRunner): Promise<void> {
  const context = auditContext();
  if (context) {
    await setContext(queryRunner, JSON.stringify(context), false);
    sessionContext.add(clientOf(queryRunner));
  } else if (sessionContext.has(clientOf(queryRunner))) {
    await clear(queryRunner);
  }
}

async function clear(runner: QueryRunner) {
  await setContext(runner, '', false);
  sessionContext.delete(clientOf(runner));
}
