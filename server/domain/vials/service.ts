import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  VIAL_MESSAGES,
  type vialCreate,
  type vialListQuery,
  type vialUpdate,
} from '../../../shared/api/vials';
import { formatDif } from '../../../shared/vial/dif';
import type { AuthUser } from '../../auth/auth-user';
import type { Vial } from '../../entities/vial';
import { storeBytes, type BlobStore } from '../../storage/blob-store';
import { readStoredFile, releaseBlobs } from '../blobs/service';
import { conflict, forbidden, isUniqueViolation, notFound } from '../errors';
import { checkNamedInstitute } from '../institutes/service';
import type { Page } from '../pagination';
import { authorize, can, canSeeInstitute, visibleInstitutes } from '../policy';
import * as repo from './repository';

export interface VialDeps {
  db: DataSource;
  /** The vials' data inventory (DIF) files, content-addressed. */
  blobs: BlobStore;
}
type DbDeps = Pick<VialDeps, 'db'>;

/** A vial with how many runs the server holds from it and when the latest came. */
export interface VialView {
  vial: Vial;
  usage: repo.VialUsage;
}

const NO_USAGE: repo.VialUsage = { uploads: 0, lastUpload: null };

async function withUsage({ db }: DbDeps, vials: Vial[]): Promise<VialView[]> {
  const usage = await repo.vialUsage(
    db.manager,
    vials.map((v) => v.id),
  );
  return vials.map((vial) => ({ vial, usage: usage.get(vial.id) ?? NO_USAGE }));
}

const viewOf = async (deps: DbDeps, vial: Vial) => (await withUsage(deps, [vial]))[0];

export async function listVials(
  deps: DbDeps,
  user: AuthUser,
  q: z.output<typeof vialListQuery>,
): Promise<Page<VialView>> {
  const page = await repo.pageOfVials(deps.db.manager, visibleInstitutes(user), q);
  return { items: await withUsage(deps, page.items), total: page.total };
}

/**
 * A vial by label. Members of its institute may read it (the desktop app checks registration
 * this way); to anyone else it does not exist.
 */
export async function getVial({ db }: DbDeps, user: AuthUser, label: string) {
  const vial = await repo.findVialByLabel(db.manager, label);
  if (
    !vial ||
    !(user.isStaff || (vial.instituteId !== null && canSeeInstitute(user, vial.instituteId)))
  )
    throw notFound();
  return vial;
}

/** getVial with the vial's uploads. */
export async function showVial(deps: DbDeps, user: AuthUser, label: string) {
  return viewOf(deps, await getVial(deps, user, label));
}

/** A label and a UUID each name one vial: another vial's (created or renamed to) is a conflict. */
async function checkFree(manager: EntityManager, label?: string, uuid?: string | null) {
  if (label !== undefined && (await repo.labelExists(manager, label)))
    throw conflict(`A vial labelled ${label} exists already.`);
  if (uuid && (await repo.uuidExists(manager, uuid)))
    throw conflict('Another vial is bound to this UUID.');
}

/**
 * Writes a vial that passed checkFree: two writes at once may both pass it, and the loser meets
 * the unique index; it is answered as the check answers it now (a 409, not a 500).
 */
async function writeFree<T>(
  manager: EntityManager,
  write: () => Promise<T>,
  label?: string,
  uuid?: string | null,
): Promise<T> {
  await checkFree(manager, label, uuid);
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) await checkFree(manager, label, uuid);
    throw err;
  }
}

export async function createVial(deps: DbDeps, user: AuthUser, body: z.output<typeof vialCreate>) {
  authorize(user, 'vials:manage');
  const manager = deps.db.manager;
  await checkNamedInstitute(manager, body.institute);
  const insert = () =>
    repo.insertVial(manager, {
      label: body.label,
      version: body.version,
      uuid: body.uuid ?? null,
      instituteId: body.institute ?? null,
      notes: body.notes,
    });
  return viewOf(deps, await writeFree(manager, insert, body.label, body.uuid));
}

export async function updateVial(
  deps: DbDeps,
  user: AuthUser,
  label: string,
  body: z.output<typeof vialUpdate>,
) {
  authorize(user, 'vials:manage');
  const vial = await getVial(deps, user, label);
  const manager = deps.db.manager;
  await checkNamedInstitute(manager, body.institute);
  const newLabel = body.label !== vial.label ? body.label : undefined;
  const newUuid = body.uuid !== vial.uuid ? body.uuid : undefined;
  if (body.label !== undefined) vial.label = body.label;
  if (body.version !== undefined) vial.version = body.version;
  if (body.uuid !== undefined) vial.uuid = body.uuid;
  if (body.institute !== undefined) vial.instituteId = body.institute;
  if (body.notes !== undefined) vial.notes = body.notes;
  if (body.is_deleted !== undefined) vial.isDeleted = body.is_deleted;
  await writeFree(manager, () => repo.saveVial(manager, vial), newLabel, newUuid);
  return viewOf(deps, vial);
}

/**
 * Deleting a vial retires it: it stays in the registry marked deleted, with every record it
 * made, and a desktop app that meets it says it should be returned to the provider. Staff
 * retire any vial; an admin or owner only a vial of their own organization (403 otherwise,
 * as the vial registry is the provider's: its labels are no secret); nobody else.
 */
export async function retireVial({ db }: DbDeps, user: AuthUser, label: string) {
  const vial = await repo.findVialByLabel(db.manager, label);
  if (!vial) throw notFound();
  authorize(user, 'vials:retire');
  const ownOrganization = vial.instituteId !== null && canSeeInstitute(user, vial.instituteId);
  if (!ownOrganization && !can(user, 'vials:manage')) throw forbidden();
  await repo.retireVial(db.manager, vial.id);
}

/** A vial by label for staff's administration (any organization's; 403 for everyone else). */
async function managedVial({ db }: DbDeps, user: AuthUser, label: string) {
  authorize(user, 'vials:manage');
  const vial = await repo.findVialByLabel(db.manager, label);
  if (!vial) throw notFound();
  return vial;
}

/**
 * Builds the vial's data inventory file (shared/vial/dif.ts) from the runs the server holds,
 * stores it in the blob store and points the vial at it (staff).
 */
export async function createDif(deps: VialDeps, user: AuthUser, label: string, now = new Date()) {
  const vial = await managedVial(deps, user, label);
  const manager = deps.db.manager;
  const runs = await repo.runsOfVial(manager, vial.id);
  const text = formatDif({
    label: vial.label,
    uuid: vial.uuid,
    generatedAt: now.toISOString(),
    rows: runs.map((r) => ({
      file_name: r.fileName ?? '',
      sequence: r.sequence,
      run_start: r.date.toISOString(),
      size_bytes: Number(r.fileSize),
      sha256: r.sha256,
      record_id: r.id,
      institute_id: r.instituteId,
      uploaded_at: r.uploadDate.toISOString(),
    })),
  });
  const { sha256 } = await storeBytes(deps.blobs, Buffer.from(text, 'utf8'));
  const previous = vial.difSha256;
  await repo.setVialDif(manager, vial.id, sha256, now);
  if (previous && previous !== sha256) await releaseBlobs(deps, [previous]);
  return { label: vial.label, generatedAt: now, runs: runs.length };
}

/** The latest DIF file of the vial (staff); 404 with the spec's text when there is none. */
export async function readDif(deps: VialDeps, user: AuthUser, label: string) {
  const vial = await managedVial(deps, user, label);
  if (!vial.difSha256 || !vial.difGeneratedAt) throw notFound(VIAL_MESSAGES.noDif);
  const stamp = vial.difGeneratedAt.toISOString().replace(/[-:]/g, '').slice(0, 15);
  return {
    fileName: `${vial.label.replace(/[^\w.-]+/g, '_')}-DIF-${stamp}.csv`,
    bytes: await readStoredFile(deps, vial.difSha256, 'DIF file'),
  };
}
