import { QueryFailedError, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { labelCreate, LabelListQuery, labelUpdate } from '../../../shared/api/labels';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Label } from '../../entities/label';
import { conflict, notFound } from '../../http/errors';
import { containsPattern, paginate } from '../../http/pagination';
import { authorize } from '../../policy/policy';
import { presentLabel } from './presenter';

const ORDERINGS = { id: 'l.id', label: 'l.label', color: 'l.color' };
const DUPLICATE = 'A label with this name already exists.';

export async function listLabels(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  query: LabelListQuery,
) {
  authorize(user, 'read', instituteId);
  const qb = ctx.db
    .getRepository(Label)
    .createQueryBuilder('l')
    .where('l.institute_id = :instituteId', { instituteId });
  if (query.search) qb.andWhere('l.label ILIKE :s', { s: containsPattern(query.search) });
  return paginate(qb, query, ORDERINGS, 'label', presentLabel);
}

/** The label, or 404 when it does not exist or belongs to an institute the user is not in. */
async function findLabel(manager: EntityManager, user: AuthUser, id: number) {
  const label = await manager.getRepository(Label).findOneBy({ id });
  if (!label) throw notFound();
  authorize(user, 'read', label.instituteId);
  return label;
}

export async function getLabel(ctx: AppContext, user: AuthUser, id: number) {
  return presentLabel(await findLabel(ctx.db.manager, user, id));
}

/**
 * Names are unique per institute regardless of case: 'Urgent' and 'urgent' would be told apart
 * by no one looking at a filter list.
 */
async function refuseDuplicate(manager: EntityManager, label: Label) {
  const qb = manager
    .getRepository(Label)
    .createQueryBuilder('l')
    .where('l.institute_id = :instituteId AND lower(l.label) = lower(:name)', {
      instituteId: label.instituteId,
      name: label.label,
    });
  if (label.id) qb.andWhere('l.id <> :id', { id: label.id });
  if (await qb.getExists()) throw conflict(DUPLICATE);
}

const isUniqueViolation = (err: unknown) =>
  err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505';

/** Saves after the duplicate check; a concurrent twin is caught by the unique index. */
async function saveUnique(manager: EntityManager, label: Label) {
  await refuseDuplicate(manager, label);
  try {
    return await manager.getRepository(Label).save(label);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE);
    throw err;
  }
}

export async function createLabel(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  body: z.output<typeof labelCreate>,
) {
  authorize(user, 'data:edit', instituteId);
  const label = ctx.db.getRepository(Label).create({ instituteId, ...body });
  return presentLabel(await saveUnique(ctx.db.manager, label));
}

export async function updateLabel(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  body: z.output<typeof labelUpdate>,
) {
  const label = await findLabel(ctx.db.manager, user, id);
  authorize(user, 'data:edit');
  if (body.label !== undefined) label.label = body.label;
  if (body.color !== undefined) label.color = body.color;
  return presentLabel(await saveUnique(ctx.db.manager, label));
}

/** Deleting a label takes it off every record and line (the join rows cascade). */
export async function deleteLabel(ctx: AppContext, user: AuthUser, id: number) {
  const label = await findLabel(ctx.db.manager, user, id);
  authorize(user, 'data:edit');
  await ctx.db.getRepository(Label).delete(label.id);
}
