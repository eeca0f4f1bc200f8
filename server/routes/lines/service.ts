import { In, type EntityManager } from 'typeorm';
import type { PageQuery } from '../../../shared/api/common';
import type { LineCreate, LineListQuery, LineUpdate } from '../../../shared/api/lines';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Label } from '../../entities/label';
import { Line } from '../../entities/line';
import { Validation } from '../../entities/validation';
import { invalidField, notFound } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { authorize } from '../../policy/policy';
import { baselinesOf } from './baseline';
import { presentLine } from './presenter';
import { groupBy, includedRecords, rejectionSettings, statisticsOf } from './statistics';

const ORDERINGS = {
  id: 'l.id',
  name: 'l.name',
  length: 'l.length',
  manufacturer: 'l.manufacturer',
  archived: 'l.archived',
  is_hand_carried: 'l.isHandCarried',
  has_hemolysis: 'l.hasHemolysis',
};

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');
const today = () => new Date().toISOString().slice(0, 10);

/** Lines of one institute with their statistics: three queries whatever the number of lines. */
export async function presentLines(manager: EntityManager, instituteId: number, lines: Line[]) {
  const lineIds = lines.map((l) => l.id);
  const [settings, records, baselines] = await Promise.all([
    rejectionSettings(manager, instituteId),
    includedRecords(manager, { lineIds }),
    baselinesOf(manager, lineIds),
  ]);
  const byLine = groupBy(records, (r) => r.lineId);
  const now = today();
  return lines.map((line) =>
    presentLine(line, {
      records: byLine.get(line.id) ?? [],
      baseline: baselines.get(line.id),
      settings,
      today: now,
    }),
  );
}

export async function listLines(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  q: LineListQuery,
) {
  authorize(user, 'read', instituteId);
  const qb = ctx.db
    .getRepository(Line)
    .createQueryBuilder('l')
    .leftJoinAndSelect('l.labels', 'label')
    .where('l.institute_id = :instituteId', { instituteId });
  if (q.archived !== undefined) qb.andWhere('l.archived = :archived', { archived: q.archived });
  if (q.has_hemolysis !== undefined) {
    qb.andWhere('l.has_hemolysis = :hasHemolysis', { hasHemolysis: q.has_hemolysis });
  }
  if (q.name__icontains) {
    qb.andWhere('l.name ILIKE :name', { name: `%${escapeLike(q.name__icontains)}%` });
  }
  if (q.labels?.length) {
    qb.andWhere(
      'EXISTS (SELECT 1 FROM line_labels ll WHERE ll.line_id = l.id AND ll.label_id IN (:...labelIds))',
      { labelIds: q.labels },
    );
  }
  const page = await paginate(qb, q, ORDERINGS, 'name', (l) => l);
  return { items: await presentLines(ctx.db.manager, instituteId, page.items), total: page.total };
}

async function findLine(manager: EntityManager, user: AuthUser, id: number) {
  const line = await manager
    .getRepository(Line)
    .findOne({ where: { id }, relations: { labels: true } });
  if (!line) throw notFound();
  authorize(user, 'read', line.instituteId);
  return line;
}

export async function getLine(ctx: AppContext, user: AuthUser, id: number) {
  const line = await findLine(ctx.db.manager, user, id);
  const [presented] = await presentLines(ctx.db.manager, line.instituteId, [line]);
  return presented;
}

async function labelsOf(manager: EntityManager, instituteId: number, ids: number[]) {
  const labels = ids.length
    ? await manager.getRepository(Label).findBy({ id: In(ids), instituteId })
    : [];
  if (labels.length !== new Set(ids).size) throw invalidField('labels', 'No such label.');
  return labels;
}

/** Applies the form's fields; a hand-carried line has no manufacturer. */
async function applyFields(manager: EntityManager, line: Line, fields: LineUpdate) {
  if (fields.name !== undefined) line.name = fields.name;
  if (fields.description !== undefined) line.description = fields.description || null;
  if (fields.length !== undefined) line.length = fields.length;
  if (fields.is_hand_carried !== undefined) line.isHandCarried = fields.is_hand_carried;
  if (fields.manufacturer !== undefined) line.manufacturer = fields.manufacturer || null;
  if (fields.archived !== undefined) line.archived = fields.archived;
  if (fields.has_hemolysis !== undefined) line.hasHemolysis = fields.has_hemolysis;
  if (fields.labels !== undefined)
    line.labels = await labelsOf(manager, line.instituteId, fields.labels);
  if (line.isHandCarried) line.manufacturer = null;
}

export async function createLine(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  body: LineCreate,
) {
  authorize(user, 'data:edit', instituteId);
  const repo = ctx.db.getRepository(Line);
  const line = repo.create({
    instituteId,
    labels: [],
    description: null,
    length: null,
    manufacturer: null,
  });
  await applyFields(ctx.db.manager, line, body);
  const { id } = await repo.save(line);
  return getLine(ctx, user, id);
}

export async function updateLine(ctx: AppContext, user: AuthUser, id: number, body: LineUpdate) {
  const line = await findLine(ctx.db.manager, user, id);
  authorize(user, 'data:edit');
  await applyFields(ctx.db.manager, line, body);
  await ctx.db.getRepository(Line).save(line);
  return getLine(ctx, user, id);
}

/** The line's validations, newest first, each with the statistics of its records on this line. */
export async function lineValidations(ctx: AppContext, user: AuthUser, id: number, q: PageQuery) {
  const line = await findLine(ctx.db.manager, user, id);
  const qb = ctx.db
    .getRepository(Validation)
    .createQueryBuilder('v')
    .where('v.id IN (SELECT validation_id FROM validation_lines WHERE line_id = :lineId)', {
      lineId: id,
    });
  const page = await paginate(
    qb,
    q,
    { start_date: 'v.startDate', name: 'v.name', id: 'v.id' },
    '-start_date',
    (v) => v,
  );
  const [settings, records] = await Promise.all([
    rejectionSettings(ctx.db.manager, line.instituteId),
    includedRecords(ctx.db.manager, { lineIds: [id] }),
  ]);
  const byValidation = groupBy(records, (r) => r.validationId);
  return {
    items: page.items.map((v) => ({
      validation_id: v.id,
      validation_name: v.name,
      validation_start_date: v.startDate,
      status: v.status,
      ...statisticsOf(byValidation.get(v.id) ?? [], settings),
    })),
    total: page.total,
  };
}
