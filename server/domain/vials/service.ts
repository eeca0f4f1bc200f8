import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { vialCreate, vialListQuery, vialUpdate } from '../../../shared/api/vials';
import type { AuthUser } from '../../auth/auth-user';
import { conflict, invalidField, notFound } from '../errors';
import { instituteExists } from '../institutes/repository';
import { authorize, canSeeInstitute, visibleInstitutes } from '../policy';
import * as repo from './repository';

export interface VialDeps {
  db: DataSource;
}

export function listVials({ db }: VialDeps, user: AuthUser, q: z.output<typeof vialListQuery>) {
  return repo.pageOfVials(db.manager, visibleInstitutes(user), q);
}

/**
 * A vial by label. Members of its institute may read it (the desktop app checks registration
 * this way); to anyone else it does not exist.
 */
export async function getVial({ db }: VialDeps, user: AuthUser, label: string) {
  const vial = await repo.findVialByLabel(db.manager, label);
  if (
    !vial ||
    !(user.isStaff || (vial.instituteId !== null && canSeeInstitute(user, vial.instituteId)))
  )
    throw notFound();
  return vial;
}

async function checkInstitute({ db }: VialDeps, id: number | null | undefined) {
  if (id && !(await instituteExists(db.manager, id)))
    throw invalidField('institute', 'No such organization.');
}

export async function createVial(
  deps: VialDeps,
  user: AuthUser,
  body: z.output<typeof vialCreate>,
) {
  authorize(user, 'vials:manage');
  await checkInstitute(deps, body.institute);
  const manager = deps.db.manager;
  if (await repo.labelExists(manager, body.label))
    throw conflict(`A vial labelled ${body.label} exists already.`);
  if (body.uuid && (await repo.uuidExists(manager, body.uuid)))
    throw conflict('Another vial is bound to this UUID.');
  return repo.insertVial(manager, {
    label: body.label,
    version: body.version,
    uuid: body.uuid ?? null,
    instituteId: body.institute ?? null,
    notes: body.notes,
  });
}

export async function updateVial(
  deps: VialDeps,
  user: AuthUser,
  label: string,
  body: z.output<typeof vialUpdate>,
) {
  authorize(user, 'vials:manage');
  const vial = await getVial(deps, user, label);
  await checkInstitute(deps, body.institute);
  const manager = deps.db.manager;
  if (body.uuid && body.uuid !== vial.uuid && (await repo.uuidExists(manager, body.uuid)))
    throw conflict('Another vial is bound to this UUID.');
  if (body.label !== undefined) vial.label = body.label;
  if (body.version !== undefined) vial.version = body.version;
  if (body.uuid !== undefined) vial.uuid = body.uuid;
  if (body.institute !== undefined) vial.instituteId = body.institute;
  if (body.notes !== undefined) vial.notes = body.notes;
  if (body.is_deleted !== undefined) vial.isDeleted = body.is_deleted;
  await repo.saveVial(manager, vial);
  return vial;
}

/**
 * Retires a vial: it stays in the registry (its records keep their label) marked deleted, so a
 * desktop app that meets it says it should be returned to the provider.
 */
export async function deleteVial(deps: VialDeps, user: AuthUser, label: string) {
  authorize(user, 'vials:manage');
  const vial = await getVial(deps, user, label);
  await repo.retireVial(deps.db.manager, vial.id);
}
