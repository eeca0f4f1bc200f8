import type { DataSource, EntityManager } from 'typeorm';
import type { PageQuery } from '../../../shared/api/common';
import {
  type LineCreate,
  type LineDto,
  type LineListQuery,
  type LineStatistics,
  type LineUpdate,
} from '../../../shared/api/lines';
import { ARCHIVED_LINE_CHOSEN } from '../../../shared/domain/record-line-rules';
import type { RecordSetStatistics } from '../../../shared/api/statistics';
import { nextValidationDate } from '../../../shared/api/validations';
import type { AuthUser } from '../../auth/auth-user';
import type { Line } from '../../entities/line';
import type { Validation } from '../../entities/validation';
import { outOfRangeCounts } from '../baselines/repository';
import { baselinesOf, type LineBaseline } from '../baselines/service';
import { OUT_OF_RANGE_FOR_REVALIDATION } from '../../../shared/domain/out-of-range';
import { invalidField, notFound } from '../errors';
import { existingInstitute, requireFeature } from '../institutes/service';
import { labelsOfInstitute } from '../labels/service';
import type { Page } from '../pagination';
import { authorize } from '../policy';
import { includedRecords, lineTallies } from '../statistics/repository';
import { groupBy, lineStatisticsOf, statisticsOf } from '../statistics/service';
import * as repo from './repository';

export interface LineDeps {
  db: DataSource;
}

/** What the line's monitoring says: its baseline, its range and whether to re-validate. */
export type LineMonitoring = Pick<
  LineDto,
  | 'validation'
  | 'validation_statistics'
  | 'out_of_range_count'
  | 'revalidation_recommended'
  | 'revalidation_reason'
  | 'next_validation_date'
>;

/** A line with the figures its included records and its baseline give it. */
export interface LineView {
  line: Line;
  statistics: LineStatistics;
  monitoring: LineMonitoring;
  /** Events of the line still open (line-monitoring.md §3: the badge in the lines table). */
  openEvents: number;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The baseline's figures, the out-of-range count since its completion and the advice. */
function monitoringOf(
  baseline: LineBaseline | undefined,
  outOfRangeCount: number,
  now: string,
): LineMonitoring {
  if (!baseline) {
    return {
      validation: null,
      validation_statistics: null,
      out_of_range_count: 0,
      revalidation_recommended: false,
      revalidation_reason: null,
      next_validation_date: null,
    };
  }
  const range = baseline.range;
  const next = nextValidationDate(baseline.startDate);
  const reason =
    outOfRangeCount >= OUT_OF_RANGE_FOR_REVALIDATION
      ? ('out_of_range' as const)
      : now >= next
        ? ('baseline_due' as const)
        : null;
  return {
    validation: { validation_id: baseline.validationId, validation_start_date: baseline.startDate },
    validation_statistics: {
      ...statisticsOf(baseline.records),
      validation_id: baseline.validationId,
      validation_name: baseline.validationName,
      validated: baseline.isBaseline,
      range,
    },
    out_of_range_count: outOfRangeCount,
    revalidation_recommended: reason !== null,
    revalidation_reason: reason,
    next_validation_date: next,
  };
}

/**
 * Lines of one institute with their figures: five queries whatever the number of lines, none of
 * which reads all of a line's records (its tally, its baseline's records, those out of range).
 */
async function viewsOf(manager: EntityManager, lines: Line[]) {
  const lineIds = lines.map((l) => l.id);
  const [tallies, baselines, openEvents] = await Promise.all([
    lineTallies(manager, lineIds),
    baselinesOf(manager, lineIds),
    repo.openEventCounts(manager, lineIds),
  ]);
  const outOfRange = await outOfRangeCounts(
    manager,
    [...baselines.values()].flatMap(({ lineId, validationId, range }) =>
      range ? [{ lineId, validationId, ...range }] : [],
    ),
  );
  const now = today();
  return lines.map((line): LineView => ({
    line,
    statistics: lineStatisticsOf(tallies.get(line.id)),
    monitoring: monitoringOf(baselines.get(line.id), outOfRange.get(line.id) ?? 0, now),
    openEvents: openEvents.get(line.id) ?? 0,
  }));
}

export async function listLines(
  { db }: LineDeps,
  user: AuthUser,
  instituteId: number,
  q: LineListQuery,
): Promise<Page<LineView>> {
  authorize(user, 'read', instituteId);
  const page = await repo.pageOfLines(db.manager, instituteId, q);
  return { items: await viewsOf(db.manager, page.items), total: page.total };
}

/** The line with its labels, when the user may read it (404 otherwise, as tenancy asks). */
export async function findLine(manager: EntityManager, user: AuthUser, id: number) {
  const line = await repo.findLineWithLabels(manager, id);
  if (!line) throw notFound();
  authorize(user, 'read', line.instituteId);
  return line;
}

export async function getLine({ db }: LineDeps, user: AuthUser, id: number): Promise<LineView> {
  const line = await findLine(db.manager, user, id);
  const [view] = await viewsOf(db.manager, [line]);
  return view;
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
    line.labels = await labelsOfInstitute(manager, line.instituteId, fields.labels);
  if (line.isHandCarried) line.manufacturer = null;
}

export async function createLine(
  deps: LineDeps,
  user: AuthUser,
  instituteId: number,
  body: LineCreate,
) {
  authorize(user, 'data:edit', instituteId);
  const manager = deps.db.manager;
  await existingInstitute(manager, instituteId);
  const line = repo.newLine(manager, {
    instituteId,
    labels: [],
    description: null,
    length: null,
    manufacturer: null,
  });
  await applyFields(manager, line, body);
  const { id } = await repo.saveLine(manager, line);
  return getLine(deps, user, id);
}

export async function updateLine(deps: LineDeps, user: AuthUser, id: number, body: LineUpdate) {
  const manager = deps.db.manager;
  const line = await findLine(manager, user, id);
  authorize(user, 'data:edit');
  await applyFields(manager, line, body);
  await repo.saveLine(manager, line);
  return getLine(deps, user, id);
}

/** One row of a line's validation history: the validation and its records' statistics on it. */
export interface LineValidation {
  validation: Validation;
  statistics: RecordSetStatistics;
}

/** The line's validations, newest first, each with the statistics of its records on this line. */
export async function lineValidations(
  { db }: LineDeps,
  user: AuthUser,
  id: number,
  q: PageQuery,
): Promise<Page<LineValidation>> {
  const line = await findLine(db.manager, user, id);
  await requireFeature(db.manager, user, line.instituteId, 'validation');
  const page = await repo.pageOfLineValidations(db.manager, id, q);
  const records = await includedRecords(db.manager, {
    lineIds: [line.id],
    validationIds: page.items.map((v) => v.id),
  });
  const byValidation = groupBy(records, (r) => r.validationId);
  return {
    items: page.items.map((validation) => ({
      validation,
      statistics: statisticsOf(byValidation.get(validation.id) ?? []),
    })),
    total: page.total,
  };
}

/**
 * The line records of an institute may be assigned to (monitoring.md section 4): one of that
 * institute's lines, not archived. The single edit and the bulk edit both ask here.
 */
export async function assignableLine(
  manager: EntityManager,
  instituteId: number,
  lineId: number,
): Promise<Line> {
  const line = await repo.findInstituteLine(manager, instituteId, lineId);
  if (!line) throw invalidField('line', 'No such line.');
  if (line.archived) throw invalidField('line', ARCHIVED_LINE_CHOSEN);
  return line;
}
