import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { labelCreate, LabelListQuery, labelUpdate } from '../../../shared/api/labels';
import type { AuthUser } from '../../auth/auth-user';
import type { Label } from '../../entities/label';
import { conflict, invalidField, isUniqueViolation, notFound } from '../errors';
import { existingInstitute } from '../institutes/service';
import { authorize } from '../policy';
import * as repo from './repository';

const DUPLICATE = 'A label with this name already exists.';

export interface LabelDeps {
  db: DataSource;
}

export function listLabels(
  { db }: LabelDeps,
  user: AuthUser,
  instituteId: number,
  query: LabelListQuery,
) {
  authorize(user, 'read', instituteId);
  return repo.pageOfLabels(db.manager, instituteId, query);
}

/** The label, or 404 when it does not exist or belongs to an institute the user is not in. */
export async function getLabel({ db }: LabelDeps, user: AuthUser, id: number) {
  const label = await repo.findLabel(db.manager, id);
  if (!label) throw notFound();
  authorize(user, 'read', label.instituteId);
  return label;
}

/**
 * The institute's labels with these ids, for records and lines: a 422 on `labels` when one of
 * them is not the institute's.
 */
export async function labelsOfInstitute(
  manager: EntityManager,
  instituteId: number,
  ids: number[],
): Promise<Label[]> {
  const labels = await repo.findInstituteLabels(manager, instituteId, ids);
  if (labels.length !== new Set(ids).size) throw invalidField('labels', 'No such label.');
  return labels;
}

/**
 * Names are unique per institute regardless of case: 'Urgent' and 'urgent' would be told apart
 * by no one looking at a filter list. A concurrent twin is caught by the unique index.
 */
async function saveUnique(manager: EntityManager, label: Label) {
  if (await repo.nameTaken(manager, label)) throw conflict(DUPLICATE);
  try {
    return await repo.saveLabel(manager, label);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE);
    throw err;
  }
}

export async function createLabel(
  { db }: LabelDeps,
  user: AuthUser,
  instituteId: number,
  body: z.output<typeof labelCreate>,
) {
  authorize(user, 'data:edit', instituteId);
  await existingInstitute(db.manager, instituteId);
  return saveUnique(db.manager, repo.newLabel(db.manager, { instituteId, ...body }));
}

export async function updateLabel(
  deps: LabelDeps,
  user: AuthUser,
  id: number,
  body: z.output<typeof labelUpdate>,
) {
  const label = await getLabel(deps, user, id);
  authorize(user, 'data:edit');
  if (body.label !== undefined) label.label = body.label;
  if (body.color !== undefined) label.color = body.color;
  return saveUnique(deps.db.manager, label);
}

/** Deleting a label takes it off every record and line (the join rows cascade). */
export async function deleteLabel(deps: LabelDeps, user: AuthUser, id: number) {
  const label = await getLabel(deps, user, id);
  authorize(user, 'data:edit');
  await repo.deleteLabel(deps.db.manager, label.id);
}
