import { In, IsNull } from 'typeorm';
import { addDays } from '../../shared/domain/time-zone';
import type { AppContext } from '../app-context';
import { Institute } from '../entities/institute';
import { Line } from '../entities/line';
import { TransitRecord } from '../entities/record';
import { Validation } from '../entities/validation';
import { generateValidationReport } from '../domain/reports/service';

/** Records a validation collects per line in the demo: enough for statistics and a range. */
const RECORDS_PER_LINE = 4;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The earliest (or latest) included records of a line that belong to no validation yet. */
function includedRecords(ctx: AppContext, lineId: number, count: number, order: 'ASC' | 'DESC') {
  return ctx.db.getRepository(TransitRecord).find({
    where: {
      lineId,
      validationId: IsNull(),
      isProcessed: true,
      exclude: false,
      hidden: false,
      testRun: false,
      noRunError: false,
      shortRunError: false,
      flatlineError: false,
    },
    order: { date: order },
    take: count,
  });
}

/**
 * A validation of the lines with their earliest records (a completed one, which starts on the
 * first of them and ended `durationDays` later) or their latest (one in progress, started today).
 */
async function seedValidation(
  ctx: AppContext,
  instituteId: number,
  lines: Line[],
  fields: { name: string; baseline: boolean; durationDays: number; completed: boolean },
) {
  const order = fields.completed ? 'ASC' : 'DESC';
  const perLine = fields.completed ? RECORDS_PER_LINE : RECORDS_PER_LINE / 2;
  const picked = await Promise.all(lines.map((l) => includedRecords(ctx, l.id, perLine, order)));
  const records = picked.flat();
  const first = records.reduce((min, r) => (r.date < min ? r.date : min), new Date());
  const startDate = isoDay(fields.completed ? first : new Date());
  const repo = ctx.db.getRepository(Validation);
  const validation = await repo.save(
    repo.create({
      instituteId,
      name: fields.name,
      startDate,
      durationDays: fields.durationDays,
      baseline: fields.baseline,
      lines,
      status: fields.completed ? 'completed' : 'inprogress',
      completedAt: fields.completed
        ? new Date(`${addDays(startDate, fields.durationDays)}T18:00:00Z`)
        : null,
    }),
  );
  if (records.length) {
    await ctx.db
      .getRepository(TransitRecord)
      .update({ id: In(records.map((r) => r.id)) }, { validationId: validation.id });
  }
  return validation;
}

/**
 * Validations on the demo records of server/demo/demo-records.ts (run after seedDemoRecords): a
 * completed baseline for most hospital lines, an in-progress validation on the others, and a
 * completed courier validation with a generated report.
 */
export async function seedDemoValidations(ctx: AppContext): Promise<void> {
  const institutes = ctx.db.getRepository(Institute);
  const hospital = await institutes.findOneByOrFail({ name: 'Northfield General Hospital' });
  const courier = await institutes.findOneByOrFail({ name: 'Lakeside Courier Services' });
  const linesOf = (instituteId: number) =>
    ctx.db
      .getRepository(Line)
      .find({ where: { instituteId, archived: false }, order: { id: 'ASC' } });

  const hospitalLines = await linesOf(hospital.id);
  const [inProgressLine, ...baselineLines] = [...hospitalLines].reverse();
  await seedValidation(ctx, hospital.id, baselineLines, {
    name: 'Baseline validation',
    baseline: true,
    durationDays: 3,
    completed: true,
  });
  if (inProgressLine) {
    await seedValidation(ctx, hospital.id, [inProgressLine], {
      name: 'Maternity line check',
      baseline: false,
      durationDays: 2,
      completed: false,
    });
  }

  const routes = await linesOf(courier.id);
  const routeValidation = await seedValidation(ctx, courier.id, routes, {
    name: 'Route validation',
    baseline: true,
    durationDays: 1,
    completed: true,
  });
  await generateValidationReport(ctx, routeValidation.id);
  ctx.log.info('Seeded demo validations');
}
