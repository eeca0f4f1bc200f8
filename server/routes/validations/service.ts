import { In, type EntityManager } from 'typeorm';
import {
  RECORDS_PER_LINE_PER_DAY,
  VALIDATION_MESSAGES as MSG,
  type ValidationCreate,
  type ValidationListQuery,
  type ValidationUpdate,
} from '../../../shared/api/validations';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Line } from '../../entities/line';
import { TransitRecord } from '../../entities/record';
import { Validation } from '../../entities/validation';
import { badRequest, invalidField, notFound } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { authorize } from '../../policy/policy';
import { groupBy, includedRecords } from '../lines/statistics';
import { validationLineStatistics } from './line-statistics';
import { generateValidationReport, getReport } from '../reports/service';
import { presentValidations } from './presenter';

const ORDERINGS = {
  id: 'v.id',
  name: 'v.name',
  start_date: 'v.startDate',
  status: 'v.status',
  completed_at: 'v.completedAt',
};

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

function validationsQuery(manager: EntityManager, instituteId: number) {
  return manager
    .getRepository(Validation)
    .createQueryBuilder('v')
    .leftJoinAndSelect('v.lines', 'line')
    .where('v.institute_id = :instituteId', { instituteId });
}

export async function listValidations(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  q: ValidationListQuery,
) {
  authorize(user, 'read', instituteId);
  const qb = validationsQuery(ctx.db.manager, instituteId);
  if (q.name__icontains)
    qb.andWhere('v.name ILIKE :contains', { contains: `%${escapeLike(q.name__icontains)}%` });
  if (q.name__iexact) qb.andWhere('lower(v.name) = lower(:exact)', { exact: q.name__iexact });
  if (q.status) qb.andWhere('v.status = :status', { status: q.status });
  if (q.line_id) {
    qb.andWhere('v.id IN (SELECT validation_id FROM validation_lines WHERE line_id = :lineId)', {
      lineId: q.line_id,
    });
  }
  const page = await paginate(qb, q, ORDERINGS, '-start_date', (v) => v);
  return { items: await presentValidations(ctx.db.manager, page.items), total: page.total };
}

/** The newest validation of the institute (dashboard panel), or null. */
export async function latestValidation(ctx: AppContext, user: AuthUser, instituteId: number) {
  authorize(user, 'read', instituteId);
  const latest = await validationsQuery(ctx.db.manager, instituteId)
    .orderBy('v.startDate', 'DESC')
    .addOrderBy('v.id', 'DESC')
    .getOne();
  return latest ? (await presentValidations(ctx.db.manager, [latest]))[0] : null;
}

async function findValidation(manager: EntityManager, user: AuthUser, id: number) {
  const validation = await manager
    .getRepository(Validation)
    .findOne({ where: { id }, relations: { lines: true } });
  if (!validation) throw notFound();
  authorize(user, 'read', validation.instituteId);
  return validation;
}

export async function getValidation(ctx: AppContext, user: AuthUser, id: number) {
  return (
    await presentValidations(ctx.db.manager, [await findValidation(ctx.db.manager, user, id)])
  )[0];
}

async function assertNameFree(
  manager: EntityManager,
  instituteId: number,
  name: string,
  exceptId?: number,
) {
  const qb = manager
    .getRepository(Validation)
    .createQueryBuilder('v')
    .where('v.institute_id = :instituteId AND lower(v.name) = lower(:name)', { instituteId, name });
  if (exceptId !== undefined) qb.andWhere('v.id <> :exceptId', { exceptId });
  if (await qb.getExists()) throw invalidField('name', MSG.nameTaken);
}

/** The chosen lines: the institute's own, not archived. */
async function linesFor(manager: EntityManager, instituteId: number, ids: number[]) {
  const lines = await manager.getRepository(Line).findBy({ id: In(ids), instituteId });
  if (lines.length !== new Set(ids).size) throw invalidField('lines', 'No such line.');
  if (lines.some((l) => l.archived))
    throw invalidField('lines', 'Archived lines cannot be chosen.');
  return lines;
}

export async function createValidation(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  body: ValidationCreate,
) {
  authorize(user, 'data:edit', instituteId);
  const id = await ctx.db.transaction(async (manager) => {
    await assertNameFree(manager, instituteId, body.name);
    const repo = manager.getRepository(Validation);
    const saved = await repo.save(
      repo.create({
        instituteId,
        name: body.name,
        startDate: body.start_date,
        durationDays: body.duration_days,
        baseline: body.baseline,
        generateReport: body.generate_report,
        lines: await linesFor(manager, instituteId, body.lines),
      }),
    );
    return saved.id;
  });
  return getValidation(ctx, user, id);
}

export async function updateValidation(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  body: ValidationUpdate,
) {
  await ctx.db.transaction(async (manager) => {
    const validation = await findValidation(manager, user, id);
    authorize(user, 'data:edit');
    if (validation.status === 'completed') throw badRequest(MSG.completedNotEditable);
    if (body.name !== undefined) {
      await assertNameFree(manager, validation.instituteId, body.name, id);
      validation.name = body.name;
    }
    if (body.start_date !== undefined) validation.startDate = body.start_date;
    if (body.duration_days !== undefined) validation.durationDays = body.duration_days;
    if (body.baseline !== undefined) validation.baseline = body.baseline;
    if (body.generate_report !== undefined) validation.generateReport = body.generate_report;
    if (body.lines !== undefined) {
      validation.lines = await linesFor(manager, validation.instituteId, body.lines);
      // Records of a line that left the validation no longer belong to it.
      await manager
        .getRepository(TransitRecord)
        .createQueryBuilder()
        .update()
        .set({ validationId: null })
        .where('validation_id = :id AND (line_id IS NULL OR NOT (line_id = ANY(:lineIds)))', {
          id,
          lineIds: body.lines,
        })
        .execute();
    }
    await manager.getRepository(Validation).save(validation);
  });
  return getValidation(ctx, user, id);
}

export async function deleteValidation(ctx: AppContext, user: AuthUser, id: number) {
  const validation = await findValidation(ctx.db.manager, user, id);
  authorize(user, 'data:edit');
  await ctx.db.getRepository(Validation).remove(validation);
}

/** Progress: included records per line against 4 per day of the duration. */
export async function validationSummary(ctx: AppContext, user: AuthUser, id: number) {
  const validation = await findValidation(ctx.db.manager, user, id);
  const required = RECORDS_PER_LINE_PER_DAY * validation.durationDays;
  const records = await includedRecords(ctx.db.manager, {
    lineIds: validation.lines.map((l) => l.id),
    validationId: id,
  });
  const byLine = groupBy(records, (r) => r.lineId);
  const lines = [...validation.lines]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((line) => {
      const collected = byLine.get(line.id)?.length ?? 0;
      return {
        line_id: line.id,
        line_name: line.name,
        records: collected,
        records_required: required,
        records_remaining: Math.max(0, required - collected),
      };
    });
  return {
    lines,
    records_required_per_line: required,
    total_records_remaining: lines.reduce((sum, l) => sum + l.records_remaining, 0),
  };
}

export async function validationLines(ctx: AppContext, user: AuthUser, id: number) {
  return validationLineStatistics(ctx.db.manager, await findValidation(ctx.db.manager, user, id));
}

/**
 * Completes the validation: from now on its records set the validated range of its lines (and,
 * as a baseline, their monitoring baseline). With generate_report set, the report is built too.
 */
export async function completeValidation(ctx: AppContext, user: AuthUser, id: number) {
  const validation = await findValidation(ctx.db.manager, user, id);
  authorize(user, 'data:edit');
  if (validation.status === 'completed') throw badRequest(MSG.alreadyCompleted);
  const { affected } = await ctx.db
    .getRepository(Validation)
    .update({ id, status: 'inprogress' }, { status: 'completed', completedAt: new Date() });
  if (!affected) throw badRequest(MSG.alreadyCompleted); // completed concurrently
  if (validation.generateReport) await generateValidationReport(ctx, id);
  return getValidation(ctx, user, id);
}

/** Builds the PDF report of a completed validation and stores it as one of its reports. */
export async function requestReport(ctx: AppContext, user: AuthUser, id: number) {
  const validation = await findValidation(ctx.db.manager, user, id);
  authorize(user, 'data:edit');
  if (validation.status !== 'completed') throw badRequest(MSG.reportNeedsCompleted);
  return getReport(ctx, user, await generateValidationReport(ctx, id));
}
