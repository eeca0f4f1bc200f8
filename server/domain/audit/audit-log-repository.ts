import type { EntityManager } from 'typeorm';
import {
  AUDIT_COUNT_CAP,
  type AuditAction,
  type AuditChanges,
  type AuditObjectType,
} from '../../../shared/api/audit';
import { containsPattern } from '../pagination';

/** An entry of the audit trail as the screens read it. */
export interface AuditRow {
  id: string;
  at: Date;
  instituteId: number | null;
  actorId: number | null;
  actorEmail: string | null;
  clientAddress: string | null;
  requestId: string | null;
  objectType: string;
  objectId: string | null;
  action: string;
  changes: AuditChanges;
}

/** What a page of the trail is narrowed to; every part optional. */
export interface AuditFilters {
  /** Ids of the users whose e-mail matched the actor filter (none matched: an empty list). */
  actorIds?: number[];
  objectType?: AuditObjectType;
  objectId?: string;
  action?: AuditAction;
  from?: Date;
  before?: Date;
}

/**
 * Where the entries come from: one institute's chain (with the user-level entries, no
 * institute, of `users`), or every chain (staff).
 */
export type AuditScope = { instituteId: number; users: string[] } | { instituteId: null };

/** One page of entries newest first and how many match, counted up to AUDIT_COUNT_CAP. */
export interface AuditPage {
  items: AuditRow[];
  total: number;
  capped: boolean;
}

const COLUMNS = `e.id, e.at, e.institute_id, e.actor_id, e.actor_email, e.client_address,
  e.request_id, e.object_type, e.object_id, e.action, e.changes`;

/** A query's parameters, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The object type only some actions are written about: named with the action, an index finds
 * a rare action's few entries instead of a scan of the chain for them.
 */
const TYPE_OF_ACTION: Partial<Record<AuditAction, AuditObjectType>> = {
  password_changed: 'user',
  password_reset_requested: 'user',
  invitation_sent: 'user',
  second_factor_reset: 'user',
  signed_in: 'user',
  sign_in_failed: 'user',
  rejections_recomputed: 'institute',
  exported: 'export',
  imported: 'clinical_data',
};

function conditions(f: AuditFilters, p: Params): string[] {
  const where: string[] = [];
  const implied = f.action && !f.objectType ? TYPE_OF_ACTION[f.action] : undefined;
  if (implied) where.push(`e.object_type = ${p.add(implied)}`);
  if (f.actorIds) where.push(`e.actor_id = ANY(${p.add(f.actorIds)}::int[])`);
  if (f.objectType) where.push(`e.object_type = ${p.add(f.objectType)}`);
  if (f.objectId) where.push(`e.object_id = ${p.add(f.objectId)}`);
  if (f.action) where.push(`e.action = ${p.add(f.action)}`);
  if (f.from) where.push(`e.at >= ${p.add(f.from)}`);
  if (f.before) where.push(`e.at < ${p.add(f.before)}`);
  return where;
}

const and = (parts: string[]) => (parts.length ? parts.join(' AND ') : 'TRUE');

/**
 * The parts a scope's entries are read from, each ordered newest first by id and cut at `limit`
 * (their union, re-ordered and cut, is the page): each walks an index from its newest entry and
 * stops, however long the trail.
 * - the institute's chain: (institute_id, id);
 * - the user-level entries of its users: per user, (object_type, object_id, id);
 * - every chain (staff): the primary key, or an index the filters name.
 */
function branches(scope: AuditScope, f: AuditFilters, p: Params, limit: string): string[] {
  const filters = conditions(f, p);
  if (scope.instituteId === null) {
    return [
      `(SELECT ${COLUMNS} FROM audit_events e WHERE ${and(filters)}
      ORDER BY e.id DESC LIMIT ${limit})`,
    ];
  }
  const institute = p.add(scope.instituteId);
  const parts = [
    `(SELECT ${COLUMNS} FROM audit_events e WHERE e.institute_id = ${institute}
      AND ${and(filters)} ORDER BY e.id DESC LIMIT ${limit})`,
  ];
  const userLevel = scope.users.length > 0 && (!f.objectType || f.objectType === 'user');
  if (userLevel) {
    parts.push(`(SELECT ${COLUMNS} FROM unnest(${p.add(scope.users)}::text[]) AS u(id)
      CROSS JOIN LATERAL (
        SELECT * FROM audit_events e WHERE e.object_type = 'user' AND e.object_id = u.id
          AND e.institute_id IS NULL AND ${and(filters)} ORDER BY e.id DESC LIMIT ${limit}
      ) e)`);
  }
  return parts;
}

interface Raw {
  id: string;
  at: Date;
  institute_id: number | null;
  actor_id: number | null;
  actor_email: string | null;
  client_address: string | null;
  request_id: string | null;
  object_type: string;
  object_id: string | null;
  action: string;
  changes: AuditChanges;
}

const rowOf = (r: Raw): AuditRow => ({
  id: r.id,
  at: r.at,
  instituteId: r.institute_id,
  actorId: r.actor_id,
  actorEmail: r.actor_email,
  clientAddress: r.client_address,
  requestId: r.request_id,
  objectType: r.object_type,
  objectId: r.object_id,
  action: r.action,
  changes: r.changes,
});

/** A page of the scope's entries (zero-based `page`), newest first, and their capped count. */
export async function pageOfAuditEvents(
  manager: EntityManager,
  scope: AuditScope,
  filters: AuditFilters,
  page: number,
  size: number,
): Promise<AuditPage> {
  if (filters.actorIds?.length === 0) return { items: [], total: 0, capped: false };
  // Pages reach the entries counted, no further: a page past them would read every entry
  // before it. Older ones are found by narrowing (at__lt).
  const reachable = page * size < AUDIT_COUNT_CAP;
  const rows = new Params();
  const end = rows.add(page * size + size);
  const offset = rows.add(page * size);
  const limit = rows.add(size);
  const rowsSql = `SELECT * FROM (${branches(scope, filters, rows, end).join(' UNION ALL ')}) e
    ORDER BY e.id DESC OFFSET ${offset} LIMIT ${limit}`;
  const counting = new Params();
  const cap = counting.add(AUDIT_COUNT_CAP + 1);
  const countSql = `SELECT count(*)::int AS count FROM (
    SELECT 1 FROM (${branches(scope, filters, counting, cap).join(' UNION ALL ')}) e LIMIT ${cap}
  ) counted`;
  const [raw, [{ count }]] = await Promise.all([
    reachable ? manager.query<Raw[]>(rowsSql, rows.values) : [],
    manager.query<{ count: number }[]>(countSql, counting.values),
  ]);
  return {
    items: raw.map(rowOf),
    total: Math.min(count, AUDIT_COUNT_CAP),
    capped: count > AUDIT_COUNT_CAP,
  };
}

/** Ids (as the trail writes them) of the institute's members now. */
export async function memberIds(manager: EntityManager, instituteId: number): Promise<string[]> {
  const rows: { id: string }[] = await manager.query(
    'SELECT user_id::text AS id FROM user_institutes WHERE institute_id = $1',
    [instituteId],
  );
  return rows.map((r) => r.id);
}

/**
 * Whether the user is, or once was, a member of the institute: a membership now, or an entry of
 * the institute's chain about them (their membership's start, which outlives its end).
 */
export async function belongsOrBelonged(
  manager: EntityManager,
  instituteId: number,
  userId: string,
): Promise<boolean> {
  const [row]: { found: boolean }[] = await manager.query(
    `SELECT EXISTS (
       SELECT 1 FROM user_institutes WHERE institute_id = $1 AND user_id::text = $2
     ) OR EXISTS (
       SELECT 1 FROM audit_events WHERE object_type = 'user' AND object_id = $2
         AND institute_id = $1
     ) AS found`,
    [instituteId, userId],
  );
  return row.found;
}

/** Users whose e-mail holds `text` (the actor filter), at most 1000. */
export async function usersMatching(manager: EntityManager, text: string): Promise<number[]> {
  const rows: { id: number }[] = await manager.query(
    `SELECT id FROM users WHERE email ILIKE $1 ORDER BY id LIMIT 1000`,
    [containsPattern(text)],
  );
  return rows.map((r) => r.id);
}

/** The table of each object type that has one of its own, keyed by `id`. */
const TABLES: Partial<Record<string, string>> = {
  institute: 'institutes',
  user: 'users',
  record: 'records',
  line: 'lines',
  vial: 'vials',
  validation: 'validations',
  contract: 'contracts',
  label: 'labels',
  analyzer: 'analyzers',
  clinical_data: 'clinical_data',
  hemolysis_data: 'hemolysis_data',
  hemolysis_measurement: 'hemolysis_measurements',
  report: 'reports',
  comment: 'comments',
  event: 'monitoring_events',
  access_token: 'personal_access_tokens',
  comparison_study: 'comparison_studies',
  comparison_exclusion: 'comparison_study_exclusions',
  lab_feed_location: 'lab_feed_locations',
  lab_feed_code: 'lab_feed_codes',
  lab_feed_message: 'lab_feed_messages',
};

/** Keys `type:id` of the entries' objects that still exist: one query per type on the page. */
export async function existingObjects(
  manager: EntityManager,
  rows: Pick<AuditRow, 'objectType' | 'objectId'>[],
): Promise<Set<string>> {
  const byType = new Map<string, Set<string>>();
  for (const { objectType, objectId } of rows) {
    if (!TABLES[objectType] || objectId === null || !/^\d{1,10}$/.test(objectId)) continue;
    const ids = byType.get(objectType) ?? new Set<string>();
    ids.add(objectId);
    byType.set(objectType, ids);
  }
  const found = new Set<string>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const existing: { id: string }[] = await manager.query(
        `SELECT id::text AS id FROM ${TABLES[type]} WHERE id = ANY($1::bigint[])`,
        [[...ids]],
      );
      for (const { id } of existing) found.add(`${type}:${id}`);
    }),
  );
  return found;
}

/** An entry as the export reads it (the instant already ISO 8601 text). */
export interface AuditExportRow {
  at: string;
  actor_email: string | null;
  object_type: string;
  object_id: string | null;
  action: string;
  changes: AuditChanges;
  client_address: string | null;
  request_id: string | null;
}

/**
 * The SQL of every entry of the scope the filters keep, newest first, for an export streamed
 * through a cursor (the same branches as a page, uncut); `at` formatted with `dateFormat`.
 */
export function auditExportQuery(
  scope: AuditScope,
  filters: AuditFilters,
  dateFormat: string,
): [string, unknown[]] {
  const p = new Params();
  const sql = `SELECT to_char(e.at, '${dateFormat}') AS at, e.actor_email, e.object_type,
      e.object_id, e.action, e.changes, e.client_address, e.request_id
    FROM (${branches(scope, filters, p, 'ALL').join(' UNION ALL ')}) e ORDER BY e.id DESC`;
  return [sql, p.values];
}

/** The column that names an object of each type that has a name (a user by their e-mail). */
const NAME_COLUMNS: Partial<Record<string, string>> = {
  institute: 'name',
  user: 'email',
  line: 'name',
  label: 'label',
  validation: 'name',
  contract: 'title',
  vial: 'label',
  report: 'title',
  hemolysis_data: 'title',
  comparison_study: 'name',
};

/** Whether objects of the type have a name the trail can tell. */
export const isNamed = (type: string) => NAME_COLUMNS[type] !== undefined;

/**
 * Names, keyed `type:id`, of the named objects asked for: as they are now, else (deleted) as
 * the trail last wrote them, in the entry of their deletion or of their last rename. One query
 * per type for those that exist, one for those that are gone.
 */
export async function objectNames(
  manager: EntityManager,
  keys: { type: string; id: string }[],
): Promise<Map<string, string>> {
  const byType = new Map<string, Set<string>>();
  for (const { type, id } of keys) {
    if (!isNamed(type) || !/^\d{1,10}$/.test(id)) continue;
    byType.set(type, (byType.get(type) ?? new Set<string>()).add(id));
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const column = NAME_COLUMNS[type] as string;
      const now: { id: string; name: string | null }[] = await manager.query(
        `SELECT id::text AS id, ${column} AS name FROM ${TABLES[type]} WHERE id = ANY($1::bigint[])`,
        [[...ids]],
      );
      for (const { id, name } of now) if (name) names.set(`${type}:${id}`, name);
      const gone = [...ids].filter((id) => !names.has(`${type}:${id}`));
      if (gone.length === 0) return;
      const written: { id: string; name: string | null }[] = await manager.query(
        `SELECT DISTINCT ON (e.object_id) e.object_id AS id,
           coalesce(e.changes->$3->>'after', e.changes->$3->>'before') AS name
         FROM audit_events e
         WHERE e.object_type = $1 AND e.object_id = ANY($2::text[]) AND e.changes ? $3
         ORDER BY e.object_id, e.id DESC`,
        [type, gone, column],
      );
      for (const { id, name } of written) if (name) names.set(`${type}:${id}`, name);
    }),
  );
  return names;
}
