import type { z } from 'zod';
import type { vialCreate, vialListQuery, vialUpdate } from '../../../shared/api/vials';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Institute } from '../../entities/institute';
import { Vial } from '../../entities/vial';
import { conflict, invalidField, notFound } from '../../http/errors';
import { containsPattern, paginate } from '../../http/pagination';
import { authorize, canSeeInstitute, visibleInstitutes } from '../../policy/policy';
import { presentVial } from './presenter';

const ORDERINGS = { label: 'v.label', version: 'v.version', id: 'v.id' };

export async function listVials(
  ctx: AppContext,
  user: AuthUser,
  q: z.output<typeof vialListQuery>,
) {
  const qb = ctx.db.getRepository(Vial).createQueryBuilder('v');
  const visible = visibleInstitutes(user);
  if (visible) qb.andWhere('v.institute_id = ANY(:visible)', { visible });
  if (q.institute_id) qb.andWhere('v.institute_id = :inst', { inst: q.institute_id });
  if (q.search) qb.andWhere('v.label ILIKE :s', { s: containsPattern(q.search) });
  return paginate(qb, q, ORDERINGS, 'label', presentVial);
}

/**
 * A vial by label. Members of its institute may read it (the desktop app checks registration
 * this way); to anyone else it does not exist.
 */
async function findVial(ctx: AppContext, user: AuthUser, label: string) {
  const vial = await ctx.db.getRepository(Vial).findOneBy({ label });
  if (
    !vial ||
    !(user.isStaff || (vial.instituteId !== null && canSeeInstitute(user, vial.instituteId)))
  )
    throw notFound();
  return vial;
}

export async function getVial(ctx: AppContext, user: AuthUser, label: string) {
  return presentVial(await findVial(ctx, user, label));
}

async function checkInstitute(ctx: AppContext, id: number | null | undefined) {
  if (id && !(await ctx.db.getRepository(Institute).existsBy({ id })))
    throw invalidField('institute', 'No such organization.');
}

export async function createVial(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof vialCreate>,
) {
  authorize(user, 'vials:manage');
  await checkInstitute(ctx, body.institute);
  const repo = ctx.db.getRepository(Vial);
  if (await repo.existsBy({ label: body.label }))
    throw conflict(`A vial labelled ${body.label} exists already.`);
  if (body.uuid && (await repo.existsBy({ uuid: body.uuid })))
    throw conflict('Another vial is bound to this UUID.');
  const vial = await repo.save(
    repo.create({
      label: body.label,
      version: body.version,
      uuid: body.uuid ?? null,
      instituteId: body.institute ?? null,
      notes: body.notes,
    }),
  );
  return presentVial(vial);
}

export async function updateVial(
  ctx: AppContext,
  user: AuthUser,
  label: string,
  body: z.output<typeof vialUpdate>,
) {
  authorize(user, 'vials:manage');
  const vial = await findVial(ctx, user, label);
  await checkInstitute(ctx, body.institute);
  const repo = ctx.db.getRepository(Vial);
  if (body.uuid && body.uuid !== vial.uuid && (await repo.existsBy({ uuid: body.uuid })))
    throw conflict('Another vial is bound to this UUID.');
  if (body.label !== undefined) vial.label = body.label;
  if (body.version !== undefined) vial.version = body.version;
  if (body.uuid !== undefined) vial.uuid = body.uuid;
  if (body.institute !== undefined) vial.instituteId = body.institute;
  if (body.notes !== undefined) vial.notes = body.notes;
  if (body.is_deleted !== undefined) vial.isDeleted = body.is_deleted;
  await repo.save(vial);
  return presentVial(vial);
}

/**
 * Retires a vial: it stays in the registry (its records keep their label) marked deleted, so a
 * desktop app that meets it says it should be returned to the provider.
 */
export async function deleteVial(ctx: AppContext, user: AuthUser, label: string) {
  authorize(user, 'vials:manage');
  const vial = await findVial(ctx, user, label);
  await ctx.db.getRepository(Vial).update(vial.id, { isDeleted: true });
}
