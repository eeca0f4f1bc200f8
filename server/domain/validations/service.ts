import type { DataSource, EntityManager } from 'typeorm';
import {
  RECORDS_PER_LINE_PER_DAY,
  VALIDATION_MESSAGES as MSG,
  type ValidationCreate,
  type ValidationListQuery,
  type ValidationUpdate,
} from '../../../shared/api/validations';
import type { Action } from '../../../shared/domain/roles';
import type { AuthUser } from '../../auth/auth-user';
import type { Report } from '../../entities/report';
import type { Validation } from '../../entities/validation';
import { badRequest, invalidField, isUniqueViolation, notFound } from '../errors';
import type { Page } from '../pagination';
import { requireFeature } from '../institutes/service';
import { authorize } from '../policy';
import { includedRecords } from '../statistics/repository';
import { groupBy, validationLineStatistics } from '../statistics/service';
import type { MailJobs } from '../notifications/service';
import { announceReadyValidations } from './ready';
import * as repo from './repository';

export interface ValidationDeps {
  db: DataSource;
  /** Where the e-mails of notifications (a validation ready) are queued, in the transaction. */
  queue: MailJobs;
  /**
   * Builds and stores the PDF report of a completed validation (the reports area does), for
   * validations completed with generate_report set.
   */
  generateReport: (validationId: number) => Promise<unknown>;
}
type DbDeps = Pick<ValidationDeps, 'db'>;

/** A validation with its latest report, if it has one. */
export interface ValidationView {
  validation: Validation;
  latestReport: Report | undefined;
}

/** Tenancy (404), then the validation flag (403 with its detail), then the role. */
export async function validationArea(
  manager: EntityManager,
  user: AuthUser,
  action: Action | 'read',
  instituteId: number,
) {
  authorize(user, 'read', instituteId);
  await requireFeature(manager, user, instituteId, 'validation');
  authorize(user, action);
}

async function viewsOf(manager: EntityManager, validations: Validation[]) {
  const latest = await repo.latestReportsOf(
    manager,
    validations.map((v) => v.id),
  );
  return validations.map((validation): ValidationView => ({
    validation,
    latestReport: latest.get(validation.id),
  }));
}

export async function listValidations(
  { db }: DbDeps,
  user: AuthUser,
  instituteId: number,
  q: ValidationListQuery,
): Promise<Page<ValidationView>> {
  await validationArea(db.manager, user, 'read', instituteId);
  const page = await repo.pageOfValidations(db.manager, instituteId, q);
  return { items: await viewsOf(db.manager, page.items), total: page.total };
}

/** The newest validation of the institute (dashboard panel), or null. */
export async function latestValidation({ db }: DbDeps, user: AuthUser, instituteId: number) {
  await validationArea(db.manager, user, 'read', instituteId);
  const latest = await repo.latestValidation(db.manager, instituteId);
  return latest ? (await viewsOf(db.manager, [latest]))[0] : null;
}

/** The validation with its lines, or 404 when it does not exist or is another institute's. */
export async function findValidation(manager: EntityManager, user: AuthUser, id: number) {
  const validation = await repo.findValidationWithLines(manager, id);
  if (!validation) throw notFound();
  await validationArea(manager, user, 'read', validation.instituteId);
  return validation;
}

export async function getValidation({ db }: DbDeps, user: AuthUser, id: number) {
  return (await viewsOf(db.manager, [await findValidation(db.manager, user, id)]))[0];
}

/** The unique index (institute, lower(name)) of migration SecurityHardening. */
const NAME_INDEX = 'UQ_validations_institute_lower_name';

/**
 * Runs a write that may name a validation: a concurrent twin that passed assertNameFree at the
 * same moment is stopped by the unique index and answered as the check answers.
 */
async function nameUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, NAME_INDEX)) throw invalidField('name', MSG.nameTaken);
    throw err;
  }
}

async function assertNameFree(
  manager: EntityManager,
  instituteId: number,
  name: string,
  exceptId?: number,
) {
  if (await repo.nameTaken(manager, instituteId, name, exceptId)) {
    throw invalidField('name', MSG.nameTaken);
  }
}

/** The chosen lines: the institute's own, not archived. */
async function linesFor(manager: EntityManager, instituteId: number, ids: number[]) {
  const lines = await repo.findInstituteLines(manager, instituteId, ids);
  if (lines.length !== new Set(ids).size) throw invalidField('lines', 'No such line.');
  if (lines.some((l) => l.archived))
    throw invalidField('lines', 'Archived lines cannot be chosen.');
  return lines;
}

export async function createValidation(
  deps: DbDeps,
  user: AuthUser,
  instituteId: number,
  body: ValidationCreate,
) {
  await validationArea(deps.db.manager, user, 'data:edit', instituteId);
  const id = await nameUnique(() =>
    deps.db.transaction(async (manager) => {
      await assertNameFree(manager, instituteId, body.name);
      return repo.insertValidation(manager, {
        instituteId,
        name: body.name,
        startDate: body.start_date,
        durationDays: body.duration_days,
        baseline: body.baseline,
        generateReport: body.generate_report,
        lines: await linesFor(manager, instituteId, body.lines),
      });
    }),
  );
  return getValidation(deps, user, id);
}

export async function updateValidation(
  deps: Pick<ValidationDeps, 'db' | 'queue'>,
  user: AuthUser,
  id: number,
  body: ValidationUpdate,
) {
  await nameUnique(() =>
    deps.db.transaction(async (manager) => {
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
        await repo.unlinkRecordsOutside(manager, id, body.lines);
      }
      await repo.saveValidation(manager, validation);
      // Fewer days or lines may leave nothing to collect.
      await announceReadyValidations(manager, deps.queue, [id]);
    }),
  );
  return getValidation(deps, user, id);
}

export async function deleteValidation({ db }: DbDeps, user: AuthUser, id: number) {
  const validation = await findValidation(db.manager, user, id);
  authorize(user, 'data:edit');
  await repo.removeValidation(db.manager, validation);
}

/** Progress: included records per line against 4 per day of the duration. */
export async function validationSummary({ db }: DbDeps, user: AuthUser, id: number) {
  const validation = await findValidation(db.manager, user, id);
  const required = RECORDS_PER_LINE_PER_DAY * validation.durationDays;
  const records = await includedRecords(db.manager, {
    lineIds: validation.lines.map((l) => l.id),
    validationIds: [id],
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

export async function validationLines({ db }: DbDeps, user: AuthUser, id: number) {
  return validationLineStatistics(db.manager, await findValidation(db.manager, user, id));
}

/**
 * Completes the validation: from now on its records set the validated range of its lines (and,
 * as a baseline, their monitoring baseline). With generate_report set, the report is built too.
 */
export async function completeValidation(deps: ValidationDeps, user: AuthUser, id: number) {
  const validation = await findValidation(deps.db.manager, user, id);
  authorize(user, 'data:edit');
  if (validation.status === 'completed') throw badRequest(MSG.alreadyCompleted);
  const completed = await repo.completeInProgress(deps.db.manager, id);
  if (!completed) throw badRequest(MSG.alreadyCompleted); // completed concurrently
  if (validation.generateReport) await deps.generateReport(id);
  return getValidation(deps, user, id);
}
