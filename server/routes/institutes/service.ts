import type { z } from 'zod';
import {
  STAFF_ONLY_INSTITUTE_FIELDS,
  type InstituteCreate,
  type InstituteUpdate,
  type instituteListQuery,
} from '../../../shared/api/institutes';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Institute } from '../../entities/institute';
import { TransitRecord } from '../../entities/record';
import { forbidden, notFound } from '../../http/errors';
import { containsPattern, paginate } from '../../http/pagination';
import { authorize, can, visibleInstitutes } from '../../policy/policy';
import { presentInstitute } from './presenter';

const ORDERINGS = {
  id: 'i.id',
  name: 'lower(i.name)',
  partner_id: 'i.partner_id',
  relationship: 'i.relationship',
  subscription: 'i.subscription',
  customer_since: 'i.customer_since',
};

export async function listInstitutes(
  ctx: AppContext,
  user: AuthUser,
  query: z.output<typeof instituteListQuery>,
) {
  const qb = ctx.db.getRepository(Institute).createQueryBuilder('i');
  const visible = visibleInstitutes(user);
  if (visible) qb.andWhere('i.id = ANY(:visible)', { visible });
  if (query.exclude_archived) qb.andWhere('i.archived = false');
  if (query.search_string) {
    qb.andWhere('(i.name ILIKE :s OR i.partner_id ILIKE :s)', {
      s: containsPattern(query.search_string),
    });
  }
  return paginate(qb, query, ORDERINGS, 'name', presentInstitute);
}

/** The institute, or 404 when it does not exist or the user is not a member. */
export async function findVisibleInstitute(ctx: AppContext, user: AuthUser, id: number) {
  authorize(user, 'read', id);
  const institute = await ctx.db.getRepository(Institute).findOneBy({ id });
  if (!institute) throw notFound();
  return institute;
}

export async function getInstitute(ctx: AppContext, user: AuthUser, id: number) {
  return presentInstitute(await findVisibleInstitute(ctx, user, id));
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
  return columns;
}

export async function createInstitute(ctx: AppContext, user: AuthUser, body: InstituteCreate) {
  authorize(user, 'institute:create');
  const repo = ctx.db.getRepository(Institute);
  const saved = await repo.save(repo.create(toColumns(body)));
  return presentInstitute(saved);
}

export async function updateInstitute(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  body: InstituteUpdate,
) {
  const institute = await findVisibleInstitute(ctx, user, id);
  authorize(user, 'institute:settings');
  if (!can(user, 'institute:staff-fields')) {
    const staffOnly = STAFF_ONLY_INSTITUTE_FIELDS.find((f) => body[f] !== undefined);
    if (staffOnly) throw forbidden(`Only the provider's staff can change ${staffOnly}.`);
  }
  await ctx.db.getRepository(Institute).update(institute.id, toColumns(body));
  return getInstitute(ctx, user, id);
}

/** Institutes are archived, never erased: their records and reports stay. */
export async function archiveInstitute(ctx: AppContext, user: AuthUser, id: number) {
  await findVisibleInstitute(ctx, user, id);
  authorize(user, 'institute:create');
  await ctx.db.getRepository(Institute).update(id, { archived: true });
}

export async function uploadSummary(ctx: AppContext, user: AuthUser, id: number) {
  await findVisibleInstitute(ctx, user, id);
  const row = (await ctx.db
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .select('count(*)', 'total')
    .addSelect('count(*) FILTER (WHERE NOT r.is_processed)', 'unprocessed')
    .addSelect('max(r.upload_date)', 'last')
    .addSelect(`count(*) FILTER (WHERE r.upload_date > now() - interval '30 days')`, 'recent')
    .where('r.institute_id = :id', { id })
    .getRawOne()) as { total: string; unprocessed: string; last: Date | null; recent: string };
  return {
    total_records: Number(row.total),
    unprocessed: Number(row.unprocessed),
    last_upload_date: row.last ? new Date(row.last).toISOString() : null,
    uploads_last_30_days: Number(row.recent),
  };
}
