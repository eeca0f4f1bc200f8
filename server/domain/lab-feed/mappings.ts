/**
 * The lab feed's mappings and needs-mapping inbox (lab-feed.md section 6). Each write re-files,
 * in its own transaction, every result of its location or code (ingest.ts's replay), keeps the
 * lines' lab-feed data sets current, and is audited with each field's before and after and
 * `refiled`.
 */
import type { EntityManager } from 'typeorm';
import {
  LAB_FEED_MESSAGES as MSG,
  type CodeCreate,
  type CodeUpdate,
  type LocationCreate,
  type LocationUpdate,
  type PendingGroupDto,
} from '../../../shared/api/lab-feed';
import type { AuditChanges } from '../../../shared/api/audit';
import {
  LAB_FEED_MAPPINGS_MAX,
  LAB_FEED_WRITE_DENIED,
  normaliseUnit,
} from '../../../shared/domain/lab-feed';
import type { AuthUser } from '../../auth/auth-user';
import { writeAuditEntry } from '../audit/repository';
import { conflict, forbidden, invalidField, isUniqueViolation, notFound } from '../errors';
import { can, canSeeInstitute } from '../policy';
import { syncFeedDataSets } from './feed-data-set';
import { replaySamples } from './ingest';
import * as repo from './repository';
import { feedInstitute, type LabFeedDeps } from './service';

export interface LocationRow {
  id: number;
  code: string;
  line_id: number | null;
  line_name: string | null;
  created_at: Date;
  updated_at: Date;
}
export interface CodeRow {
  id: number;
  system: string;
  code: string;
  analyte: CodeCreate['analyte'];
  units: Record<string, number>;
  created_at: Date;
  updated_at: Date;
}

const LOCATION_SELECT = `SELECT m.id, m.code, m.line_id, l.name AS line_name, m.created_at, m.updated_at
  FROM lab_feed_locations m LEFT JOIN lines l ON l.id = m.line_id`;
const CODE_SELECT = `SELECT id, system, code, analyte, units, created_at, updated_at FROM lab_feed_codes m`;

type Kind = 'location' | 'code';
const TABLE = { location: 'lab_feed_locations', code: 'lab_feed_codes' } as const;
const OBJECT_TYPE = { location: 'lab_feed_location', code: 'lab_feed_code' } as const;

/** The mappings of an organization (readers). */
export async function listLocations(deps: LabFeedDeps, user: AuthUser, instituteId: number) {
  await feedInstitute(deps.db.manager, user, instituteId);
  const items: LocationRow[] = await deps.db.query(
    `${LOCATION_SELECT} WHERE m.institute_id = $1 ORDER BY m.code, m.id`,
    [instituteId],
  );
  return { items, total: items.length };
}

export async function listCodes(deps: LabFeedDeps, user: AuthUser, instituteId: number) {
  await feedInstitute(deps.db.manager, user, instituteId);
  const items: CodeRow[] = await deps.db.query(
    `${CODE_SELECT} WHERE m.institute_id = $1 ORDER BY m.system, m.code, m.id`,
    [instituteId],
  );
  return { items, total: items.length };
}

/** Tenancy, the flag, then the role (owners, admins, staff). */
async function writer(manager: EntityManager, user: AuthUser, instituteId: number) {
  await feedInstitute(manager, user, instituteId);
  if (!can(user, 'lab-feed:manage')) throw forbidden(LAB_FEED_WRITE_DENIED);
}

/** A mapping's institute, found by its id (another organization's: 404). */
async function mappingInstitute(manager: EntityManager, user: AuthUser, kind: Kind, id: number) {
  const [row]: { institute_id: number }[] = await manager.query(
    `SELECT institute_id FROM ${TABLE[kind]} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row || !canSeeInstitute(user, row.institute_id)) throw notFound();
  await writer(manager, user, row.institute_id);
  return row.institute_id;
}

async function checkLine(manager: EntityManager, instituteId: number, lineId: number | null) {
  if (lineId === null) return;
  const [line]: unknown[] = await manager.query(
    `SELECT 1 FROM lines WHERE id = $1 AND institute_id = $2 AND NOT archived`,
    [lineId, instituteId],
  );
  if (!line) throw invalidField('line', MSG.noSuchLine);
}

async function checkCount(manager: EntityManager, kind: Kind, instituteId: number) {
  const [{ n }]: { n: number }[] = await manager.query(
    `SELECT count(*)::int AS n FROM ${TABLE[kind]} WHERE institute_id = $1`,
    [instituteId],
  );
  if (n >= LAB_FEED_MAPPINGS_MAX) throw invalidField('code', MSG.tooManyMappings);
}

const normalisedUnits = (units: Record<string, number>) =>
  Object.fromEntries(Object.entries(units).map(([u, f]) => [normaliseUnit(u), f]));

/** Before and after of each field that changed (a creation: after; a deletion: before). */
function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  refiled: number,
): AuditChanges {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, unknown> = {};
  for (const f of fields) {
    const b = before?.[f];
    const a = after?.[f];
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    changes[f] = { ...(before && { before: b ?? null }), ...(after && { after: a ?? null }) };
  }
  changes.refiled = refiled;
  return changes as AuditChanges;
}

/** Re-files every result of the samples with a result of these locations or codes. */
async function refile(
  manager: EntityManager,
  instituteId: number,
  of: ({ location: string } | { system: string; code: string })[],
): Promise<number> {
  const samples = new Set<string>();
  for (const o of of) for (const s of await repo.samplesOf(manager, instituteId, o)) samples.add(s);
  if (samples.size === 0) return 0;
  const keys = [...samples];
  await repo.lockSamples(manager, keys);
  const { refiled, lineIds } = await replaySamples(manager, instituteId, keys, {
    locations: new Map(),
    codes: new Map(),
  });
  await syncFeedDataSets(manager, instituteId, lineIds);
  return refiled;
}

const locationFields = (r: { code: string; line_id: number | null }) => ({
  code: r.code,
  line: r.line_id,
});
const codeFields = (r: { system: string; code: string; analyte: unknown; units: unknown }) => ({
  system: r.system,
  code: r.code,
  analyte: r.analyte,
  units: r.units,
});

async function saved<T>(work: () => Promise<T>, taken: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(taken);
    throw err;
  }
}

export async function createLocation(
  deps: LabFeedDeps,
  user: AuthUser,
  instituteId: number,
  body: LocationCreate,
): Promise<LocationRow & { refiled: number }> {
  return saved(
    () =>
      deps.db.transaction(async (manager) => {
        await writer(manager, user, instituteId);
        await checkLine(manager, instituteId, body.line);
        await checkCount(manager, 'location', instituteId);
        const [{ id }]: { id: number }[] = await manager.query(
          `INSERT INTO lab_feed_locations (institute_id, code, line_id) VALUES ($1, $2, $3) RETURNING id`,
          [instituteId, body.code, body.line],
        );
        const refiled = await refile(manager, instituteId, [{ location: body.code }]);
        await writeAuditEntry(manager, {
          instituteId,
          objectType: 'lab_feed_location',
          objectId: id,
          action: 'created',
          changes: changesOf(
            null,
            locationFields({ code: body.code, line_id: body.line }),
            refiled,
          ),
        });
        return { ...(await locationRow(manager, id)), refiled };
      }),
    MSG.locationTaken,
  );
}

const locationRow = async (manager: EntityManager, id: number): Promise<LocationRow> =>
  ((await manager.query(`${LOCATION_SELECT} WHERE m.id = $1`, [id])) as LocationRow[])[0];
const codeRow = async (manager: EntityManager, id: number): Promise<CodeRow> =>
  ((await manager.query(`${CODE_SELECT} WHERE m.id = $1`, [id])) as CodeRow[])[0];

export async function updateLocation(
  deps: LabFeedDeps,
  user: AuthUser,
  id: number,
  body: LocationUpdate,
): Promise<LocationRow & { refiled: number }> {
  return saved(
    () =>
      deps.db.transaction(async (manager) => {
        const instituteId = await mappingInstitute(manager, user, 'location', id);
        const before = await locationRow(manager, id);
        const line = body.line === undefined ? before.line_id : body.line;
        const code = body.code ?? before.code;
        await checkLine(manager, instituteId, line);
        await manager.query(
          `UPDATE lab_feed_locations SET code = $2, line_id = $3, updated_at = now() WHERE id = $1`,
          [id, code, line],
        );
        const refiled = await refile(manager, instituteId, [
          { location: before.code },
          ...(code !== before.code ? [{ location: code }] : []),
        ]);
        await writeAuditEntry(manager, {
          instituteId,
          objectType: 'lab_feed_location',
          objectId: id,
          action: 'updated',
          changes: changesOf(
            locationFields(before),
            locationFields({ code, line_id: line }),
            refiled,
          ),
        });
        return { ...(await locationRow(manager, id)), refiled };
      }),
    MSG.locationTaken,
  );
}

export async function createCode(
  deps: LabFeedDeps,
  user: AuthUser,
  instituteId: number,
  body: CodeCreate,
): Promise<CodeRow & { refiled: number }> {
  return saved(
    () =>
      deps.db.transaction(async (manager) => {
        await writer(manager, user, instituteId);
        await checkCount(manager, 'code', instituteId);
        const units = normalisedUnits(body.units ?? {});
        const [{ id }]: { id: number }[] = await manager.query(
          `INSERT INTO lab_feed_codes (institute_id, system, code, analyte, units)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [instituteId, body.system, body.code, body.analyte, JSON.stringify(units)],
        );
        const refiled = await refile(manager, instituteId, [
          { system: body.system, code: body.code },
        ]);
        await writeAuditEntry(manager, {
          instituteId,
          objectType: 'lab_feed_code',
          objectId: id,
          action: 'created',
          changes: changesOf(null, codeFields({ ...body, units }), refiled),
        });
        return { ...(await codeRow(manager, id)), refiled };
      }),
    MSG.codeTaken,
  );
}

export async function updateCode(
  deps: LabFeedDeps,
  user: AuthUser,
  id: number,
  body: CodeUpdate,
): Promise<CodeRow & { refiled: number }> {
  return saved(
    () =>
      deps.db.transaction(async (manager) => {
        const instituteId = await mappingInstitute(manager, user, 'code', id);
        const before = await codeRow(manager, id);
        const after = {
          system: body.system ?? before.system,
          code: body.code ?? before.code,
          analyte: body.analyte === undefined ? before.analyte : body.analyte,
          units: body.units === undefined ? before.units : normalisedUnits(body.units),
        };
        await manager.query(
          `UPDATE lab_feed_codes SET system = $2, code = $3, analyte = $4, units = $5, updated_at = now()
            WHERE id = $1`,
          [id, after.system, after.code, after.analyte, JSON.stringify(after.units)],
        );
        const moved = after.system !== before.system || after.code !== before.code;
        const refiled = await refile(manager, instituteId, [
          { system: before.system, code: before.code },
          ...(moved ? [{ system: after.system, code: after.code }] : []),
        ]);
        await writeAuditEntry(manager, {
          instituteId,
          objectType: 'lab_feed_code',
          objectId: id,
          action: 'updated',
          changes: changesOf(codeFields(before), codeFields(after), refiled),
        });
        return { ...(await codeRow(manager, id)), refiled };
      }),
    MSG.codeTaken,
  );
}

/** A mapping's fields (as audited) and what its deletion re-files. */
const mappingOf = async (manager: EntityManager, kind: Kind, id: number) => {
  if (kind === 'location') {
    const row = await locationRow(manager, id);
    return { fields: locationFields(row), of: { location: row.code } };
  }
  const row = await codeRow(manager, id);
  return { fields: codeFields(row), of: { system: row.system, code: row.code } };
};

/** Deletes a mapping: its results wait in Needs mapping again. */
async function deleteMapping(deps: LabFeedDeps, user: AuthUser, kind: Kind, id: number) {
  return deps.db.transaction(async (manager) => {
    const instituteId = await mappingInstitute(manager, user, kind, id);
    const before = await mappingOf(manager, kind, id);
    await manager.query(`DELETE FROM ${TABLE[kind]} WHERE id = $1`, [id]);
    const refiled = await refile(manager, instituteId, [before.of]);
    await writeAuditEntry(manager, {
      instituteId,
      objectType: OBJECT_TYPE[kind],
      objectId: id,
      action: 'deleted',
      changes: changesOf(before.fields, null, refiled),
    });
    return { refiled };
  });
}

export const deleteLocation = (deps: LabFeedDeps, user: AuthUser, id: number) =>
  deleteMapping(deps, user, 'location', id);
export const deleteCode = (deps: LabFeedDeps, user: AuthUser, id: number) =>
  deleteMapping(deps, user, 'code', id);

/** The needs-mapping inbox: groups of pending results by what blocks them, most results first. */
export async function pendingGroups(
  deps: LabFeedDeps,
  user: AuthUser,
  instituteId: number,
): Promise<{ items: PendingGroupDto[] }> {
  await feedInstitute(deps.db.manager, user, instituteId);
  const rows: (Omit<PendingGroupDto, 'first_received_at' | 'last_received_at'> & {
    first_received_at: Date;
    last_received_at: Date;
  })[] = await deps.db.query(
    `SELECT reason AS kind,
            CASE WHEN reason = 'location' THEN location ELSE '' END AS location,
            CASE WHEN reason = 'location' THEN '' ELSE code_system END AS system,
            CASE WHEN reason = 'location' THEN '' ELSE code END AS code,
            CASE WHEN reason IN ('unit', 'implausible') THEN coalesce(unit_sent, '') END AS unit,
            CASE WHEN reason = 'location' THEN '' ELSE min(code_text) END AS text,
            count(*)::int AS results, min(received_at) AS first_received_at,
            max(received_at) AS last_received_at
       FROM lab_feed_results, unnest(pending_reasons) AS reason
      WHERE institute_id = $1 AND state = 'pending' AND action <> 'delete'
      GROUP BY reason, CASE WHEN reason = 'location' THEN location ELSE '' END,
               CASE WHEN reason = 'location' THEN '' ELSE code_system END,
               CASE WHEN reason = 'location' THEN '' ELSE code END,
               CASE WHEN reason IN ('unit', 'implausible') THEN coalesce(unit_sent, '') END
      ORDER BY results DESC, kind, system, code, location
      LIMIT 10000`,
    [instituteId],
  );
  return {
    items: rows.map((r) => ({
      ...r,
      text: r.text ?? '',
      first_received_at: r.first_received_at.toISOString(),
      last_received_at: r.last_received_at.toISOString(),
    })),
  };
}
