import type { DataSource } from 'typeorm';
import {
  PRODUCT_ACTOR,
  type AllAuditEventsQuery,
  type AuditEventListQuery,
  type AuditHistoryQuery,
  type AuditObjectType,
} from '../../../shared/api/audit';
import type { Action } from '../../../shared/domain/roles';
import type { AuthUser } from '../../auth/auth-user';
import { existingInstitute } from '../institutes/service';
import { authorize } from '../policy';
import { cursorBatches } from '../exports/cursor';
import {
  ISO_INSTANT_SQL_FORMAT,
  type ExportCell,
  type ExportColumn,
  type ExportTable,
} from '../exports/table';
import * as repo from './audit-log-repository';

export interface AuditLogDeps {
  db: DataSource;
}

/**
 * An entry with whether its object is still there (its page, else only its History), the
 * object's name and the names of what its changes link by id (keyed `field:id`), also once
 * deleted (issue 44).
 */
export interface AuditView {
  row: repo.AuditRow;
  objectExists: boolean;
  objectName: string | null;
  names: Record<string, string>;
}

export interface AuditViewPage {
  items: AuditView[];
  total: number;
  capped: boolean;
}

/**
 * Who may read an object's History: whoever may read the object in its institute. People and
 * their credentials are for those who manage users; the organization's sign-on for its owners;
 * contracts are the provider's business.
 */
const HISTORY_ACCESS: Partial<Record<AuditObjectType, Action>> = {
  user: 'users:manage',
  access_token: 'users:manage',
  notification_settings: 'users:manage',
  sso: 'institute:settings',
  contract: 'contracts:manage',
};

async function filtersOf(deps: AuditLogDeps, q: AuditEventListQuery): Promise<repo.AuditFilters> {
  return {
    actorIds: q.actor ? await repo.usersMatching(deps.db.manager, q.actor) : undefined,
    objectType: q.object_type,
    objectId: q.object_id || undefined,
    action: q.action,
    from: q.at__gte,
    before: q.at__lt,
  };
}

/** The object type a changed column links by id: line_id a line, closed_by_id a user… */
function linkedType(field: string): string | undefined {
  if (field === 'user_id' || field.endsWith('_by_id')) return 'user';
  if (field === 'labels') return 'label';
  if (field === 'lines') return 'line';
  if (field === 'institutes') return 'institute';
  const type = /^(.+)_id$/.exec(field)?.[1];
  return type !== undefined && repo.isNamed(type) ? type : undefined;
}

/** The ids a change holds: before, after, added or removed. */
function idsOf(change: unknown): string[] {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) return [];
  return ['before', 'after', 'added', 'removed']
    .map((side) => (change as Record<string, unknown>)[side])
    .filter((v) => typeof v === 'number' || typeof v === 'string')
    .map(String);
}

/** Each link of an entry: its key `field:id` and the object it names. */
function linksOf(row: repo.AuditRow): { key: string; type: string; id: string }[] {
  return Object.entries(row.changes).flatMap(([field, change]) => {
    const type = linkedType(field);
    return type === undefined
      ? []
      : idsOf(change).map((id) => ({ key: `${field}:${id}`, type, id }));
  });
}

async function viewsOf(deps: AuditLogDeps, page: repo.AuditPage): Promise<AuditViewPage> {
  const objects = page.items.flatMap((row) =>
    row.objectId === null ? [] : [{ type: row.objectType, id: row.objectId }],
  );
  const [existing, names] = await Promise.all([
    repo.existingObjects(deps.db.manager, page.items),
    repo.objectNames(deps.db.manager, [...objects, ...page.items.flatMap(linksOf)]),
  ]);
  return {
    ...page,
    items: page.items.map((row) => ({
      row,
      objectExists: existing.has(`${row.objectType}:${row.objectId}`),
      objectName: names.get(`${row.objectType}:${row.objectId}`) ?? null,
      names: Object.fromEntries(
        linksOf(row).flatMap(({ key, type, id }) => {
          const name = names.get(`${type}:${id}`);
          return name === undefined ? [] : [[key, name]];
        }),
      ),
    })),
  };
}

/** An institute's entries with the user-level ones (sign-ins, account changes) of its members. */
async function instituteLog(deps: AuditLogDeps, instituteId: number, q: AuditEventListQuery) {
  const users = await repo.memberIds(deps.db.manager, instituteId);
  const page = await repo.pageOfAuditEvents(
    deps.db.manager,
    { instituteId, users },
    await filtersOf(deps, q),
    q.page,
    q.size,
  );
  return viewsOf(deps, page);
}

/** The institute's Audit Log: owners, admins and staff; newest first. */
export async function listInstituteAuditEvents(
  deps: AuditLogDeps,
  user: AuthUser,
  instituteId: number,
  q: AuditEventListQuery,
): Promise<AuditViewPage> {
  authorize(user, 'audit:read', instituteId);
  await existingInstitute(deps.db.manager, instituteId);
  return instituteLog(deps, instituteId, q);
}

/** Every institute's entries (staff), or one institute's as its own log shows them. */
export async function listAllAuditEvents(
  deps: AuditLogDeps,
  user: AuthUser,
  q: AllAuditEventsQuery,
): Promise<AuditViewPage> {
  authorize(user, 'audit:read-all');
  if (q.institute !== undefined) return instituteLog(deps, q.institute, q);
  const page = await repo.pageOfAuditEvents(
    deps.db.manager,
    { instituteId: null },
    await filtersOf(deps, q),
    q.page,
    q.size,
  );
  return viewsOf(deps, page);
}

/**
 * The History of one object (or of every object of a type) in an institute: its entries in the
 * institute's chain, for a user also their user-level ones while they belong or once belonged
 * to it. A deleted object's History still answers.
 */
export async function objectHistory(
  deps: AuditLogDeps,
  user: AuthUser,
  instituteId: number,
  q: AuditHistoryQuery,
): Promise<AuditViewPage> {
  authorize(user, HISTORY_ACCESS[q.object_type] ?? 'read', instituteId);
  await existingInstitute(deps.db.manager, instituteId);
  const users =
    q.object_type === 'user' &&
    q.object_id !== undefined &&
    (await repo.belongsOrBelonged(deps.db.manager, instituteId, q.object_id))
      ? [q.object_id]
      : [];
  const page = await repo.pageOfAuditEvents(
    deps.db.manager,
    { instituteId, users },
    { objectType: q.object_type, objectId: q.object_id },
    q.page,
    q.size,
  );
  return viewsOf(deps, page);
}

const auditColumns = (): ExportColumn[] => [
  { header: 'When', type: 'instant', width: 20 },
  { header: 'Who', type: 'text', width: 28 },
  { header: 'Object', type: 'text', width: 16 },
  { header: 'Object id', type: 'text', width: 10 },
  { header: 'Action', type: 'text', width: 18 },
  { header: 'Changes', type: 'text', width: 60 },
  { header: 'Client address', type: 'text', width: 16 },
  { header: 'Request id', type: 'text', width: 36 },
];

const auditCells = (r: repo.AuditExportRow): ExportCell[] => [
  r.at,
  r.actor_email ?? PRODUCT_ACTOR,
  r.object_type,
  r.object_id,
  r.action,
  JSON.stringify(r.changes),
  r.client_address,
  r.request_id,
];

/**
 * The institute's Audit Log with its filters, every entry of it, for a download (owners, admins,
 * staff): instants in the institute's time zone, the changes as JSON, rows through a cursor.
 */
export async function exportInstituteAuditEvents(
  deps: AuditLogDeps,
  user: AuthUser,
  instituteId: number,
  q: AuditEventListQuery,
): Promise<ExportTable> {
  authorize(user, 'audit:read', instituteId);
  const institute = await existingInstitute(deps.db.manager, instituteId);
  const users = await repo.memberIds(deps.db.manager, instituteId);
  const [sql, parameters] = repo.auditExportQuery(
    { instituteId, users },
    await filtersOf(deps, q),
    ISO_INSTANT_SQL_FORMAT,
  );
  const rows = cursorBatches<repo.AuditExportRow>(deps.db, sql, parameters, institute.timezone);
  return {
    instituteId,
    filters: q,
    name: `audit-log-${instituteId}`,
    title: 'Audit Log',
    columns: auditColumns(),
    batches: (async function* () {
      for await (const batch of rows) yield batch.map(auditCells);
    })(),
  };
}
