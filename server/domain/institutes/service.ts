import type { DataSource, EntityManager } from 'typeorm';
import {
  STAFF_ONLY_INSTITUTE_FIELDS,
  type InstituteCreate,
  type InstituteListQuery,
  type InstituteUpdate,
  type UploadSummary,
} from '../../../shared/api/institutes';
import {
  areaOpen,
  effectiveFlags,
  FLAG_OFF_DETAIL,
  usesEveryArea,
  type ServerGatedFlag,
} from '../../../shared/domain/feature-flags';
import type { AuthUser } from '../../auth/auth-user';
import type { Institute } from '../../entities/institute';
import { forbidden, invalidField, notFound } from '../errors';
import { authorize, can, visibleInstitutes } from '../policy';
import * as repo from './repository';

export interface InstituteDeps {
  db: DataSource;
}

export function listInstitutes({ db }: InstituteDeps, user: AuthUser, query: InstituteListQuery) {
  return repo.pageOfInstitutes(db.manager, visibleInstitutes(user), query);
}

/** The institute, or 404 when it does not exist or the user is not a member. */
export async function getInstitute({ db }: InstituteDeps, user: AuthUser, id: number) {
  authorize(user, 'read', id);
  return existingInstitute(db.manager, id);
}

/**
 * The institute, or 404 when there is none: staff pass the tenancy check for any id, so what
 * they create under an institute needs it to exist (not a foreign-key violation, a 500).
 */
export async function existingInstitute(manager: EntityManager, id: number): Promise<Institute> {
  const institute = await repo.findInstitute(manager, id);
  if (!institute) throw notFound();
  return institute;
}

/**
 * An institute a body names must exist: a 422 on that field, not a foreign-key violation (a 500)
 * when staff, who pass the tenancy check for any id, name one that does not.
 */
export async function checkNamedInstitute(
  manager: EntityManager,
  id: number | null | undefined,
  field = 'institute',
) {
  if (id && !(await repo.instituteExists(manager, id))) {
    throw invalidField(field, 'No such organization.');
  }
}

function toColumns(body: InstituteUpdate): Partial<Institute> {
  const columns: Partial<Institute> = {};
  if (body.name !== undefined) columns.name = body.name;
  if (body.partner_id !== undefined) columns.partnerId = body.partner_id || null;
  if (body.metadata_type !== undefined) columns.metadataType = body.metadata_type;
  if (body.relationship !== undefined) columns.relationship = body.relationship;
  if (body.subscription !== undefined) columns.subscription = body.subscription;
  if (body.total_lines !== undefined) columns.totalLines = body.total_lines;
  if (body.feature_flags !== undefined) columns.featureFlags = body.feature_flags;
  if (body.customer_since !== undefined) columns.customerSince = body.customer_since;
  if (body.archived !== undefined) columns.archived = body.archived;
  if (body.timezone !== undefined) columns.timezone = body.timezone;
  if (body.vial_silent_days !== undefined) columns.vialSilentDays = body.vial_silent_days;
  if (body.mfa_required !== undefined) columns.mfaRequired = body.mfa_required;
  return columns;
}

export async function createInstitute(
  { db }: InstituteDeps,
  user: AuthUser,
  body: InstituteCreate,
) {
  authorize(user, 'institute:create');
  return repo.insertInstitute(db.manager, toColumns(body));
}

/** The staff-only fields a body sets, in the order the API lists them. */
const staffOnlyFieldsIn = (body: InstituteUpdate) =>
  STAFF_ONLY_INSTITUTE_FIELDS.filter((f) => body[f] !== undefined);

/**
 * Owners edit their own organization's settings; a body that sets any staff-only field is
 * refused as a whole (403 naming every such field), so nothing is half-applied.
 */
export async function updateInstitute(
  deps: InstituteDeps,
  user: AuthUser,
  id: number,
  body: InstituteUpdate,
) {
  const institute = await getInstitute(deps, user, id);
  authorize(user, 'institute:settings');
  if (!can(user, 'institute:staff-fields')) {
    const refused = staffOnlyFieldsIn(body);
    if (refused.length > 0) {
      throw forbidden(`Only the provider's staff can change ${refused.join(', ')}.`);
    }
  }
  const columns = toColumns(body);
  if (Object.keys(columns).length > 0) {
    await repo.updateInstitute(deps.db.manager, institute.id, columns);
  }
  return getInstitute(deps, user, id);
}

/** Institutes are archived, never erased: their records and reports stay. */
export async function archiveInstitute(deps: InstituteDeps, user: AuthUser, id: number) {
  await getInstitute(deps, user, id);
  authorize(user, 'institute:create');
  await repo.updateInstitute(deps.db.manager, id, { archived: true });
}

/** Vials, runs and the last upload of an institute (its members and staff). */
export async function uploadSummary(
  deps: InstituteDeps,
  user: AuthUser,
  id: number,
): Promise<UploadSummary> {
  await getInstitute(deps, user, id);
  const row = await repo.uploadFigures(deps.db.manager, id);
  return {
    vials: row.vials,
    total_records: Number(row.total),
    unprocessed: Number(row.unprocessed),
    last_upload_date: row.last ? new Date(row.last).toISOString() : null,
    uploads_last_30_days: Number(row.recent),
  };
}

/**
 * The gate of a flagged area: tenancy first (another institute's ids stay 404), then the area's
 * flag: 403 with the flag's detail when the area is closed (see `areaOpen`), except to the
 * provider's staff, who use every area. Answers the institute.
 */
export async function requireFeature(
  manager: EntityManager,
  user: AuthUser,
  instituteId: number,
  flag: ServerGatedFlag,
): Promise<Institute> {
  authorize(user, 'read', instituteId);
  const institute = await repo.findInstitute(manager, instituteId);
  if (!institute) throw notFound();
  assertAreaOpen(user, institute, flag);
  return institute;
}

/** The same gate's flag check, for an institute read along with what it guards. */
export function assertAreaOpen(
  user: AuthUser,
  institute: Pick<Institute, 'id' | 'featureFlags'>,
  flag: ServerGatedFlag,
): void {
  if (!usesEveryArea(user) && !areaOpen(effectiveFlags(institute.featureFlags), flag, institute.id))
    throw forbidden(FLAG_OFF_DETAIL[flag]);
}
