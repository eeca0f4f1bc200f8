import type { DataSource, EntityManager } from 'typeorm';
import {
  COMPARISON_MESSAGES as MSG,
  isDateOrder,
  type ComparisonGroupDto,
  type ComparisonPairDto,
  type ComparisonPairQuery,
  type ComparisonStudyCreateData,
  type ComparisonStudyListQuery,
  type ComparisonStudyUpdateData,
  type StudyAnalyte,
} from '../../../shared/api/comparison-studies';
import { expectedBiasTooLarge, sampleSize, type Confidence } from '../../../shared/comparison';
import { zonedDay } from '../../../shared/domain/time-zone';
import type { Action } from '../../../shared/domain/roles';
import type { AuthUser } from '../../auth/auth-user';
import type { ComparisonStudy } from '../../entities/comparison-study';
import type { Institute } from '../../entities/institute';
import { conflict, forbidden, invalidField, isUniqueViolation, notFound } from '../errors';
import { assertAreaOpen, requireFeature } from '../institutes/service';
import { labelsOfInstitute } from '../labels/service';
import type { Page } from '../pagination';
import { authorize } from '../policy';
import {
  studyGroups,
  studyPairs,
  VALUE_FIELDS,
  type StudyEntry,
  type StudyExclusion,
  type StudyInputs,
  type StudyLine,
  type StudySettings,
} from './groups';
import * as repo from './repository';
import { keptFiguresOf } from './kept-figures';

export interface ComparisonDeps {
  db: DataSource;
}

/** A study as the API shows it: the row, its exclusions, each analyte's all-lines verdict. */
export interface StudyView {
  study: ComparisonStudy;
  exclusions: StudyExclusion[];
  verdicts: {
    analyte: StudyAnalyte;
    verdict: ComparisonGroupDto['verdict'];
    pairs_needed: number | null;
  }[];
}

/** A study's results (section 4): live for a draft, frozen at approval otherwise. */
export interface ResultsView {
  study: ComparisonStudy;
  computedAt: string;
  groups: ComparisonGroupDto[];
}

/**
 * What approval freezes (section 5): the entries as they were (values, lines), the exclusions,
 * the lines' names and the results. Entries are tuples [id, date, line, ...VALUE_FIELDS].
 */
interface FrozenStudy {
  version: 1;
  computed_at: string;
  lines: StudyLine[];
  entries: (number | string | null)[][];
  exclusions: StudyExclusion[];
  groups: ComparisonGroupDto[];
}

const freeze = (inputs: StudyInputs, groups: ComparisonGroupDto[], at: Date): FrozenStudy => ({
  version: 1,
  computed_at: at.toISOString(),
  lines: inputs.lines,
  entries: inputs.entries.map((e) => [
    e.id,
    e.date,
    e.lineId,
    ...VALUE_FIELDS.map((f) => e.values[f]),
  ]),
  exclusions: inputs.exclusions,
  groups,
});

function thawInputs(frozen: Pick<FrozenStudy, 'lines' | 'entries' | 'exclusions'>): StudyInputs {
  return {
    lines: frozen.lines,
    exclusions: frozen.exclusions,
    entries: frozen.entries.map(([id, date, lineId, ...values]): StudyEntry => ({
      id: id as number,
      date: date as string,
      lineId: lineId as number,
      values: Object.fromEntries(
        VALUE_FIELDS.map((f, i) => [f, (values[i] as number | null) ?? null]),
      ) as StudyEntry['values'],
    })),
  };
}

/** The parts of an approved study's frozen copy asked for (the whole copy is not read with it). */
async function frozenOf<K extends keyof FrozenStudy>(
  manager: EntityManager,
  study: ComparisonStudy,
  parts: readonly K[],
): Promise<Pick<FrozenStudy, K> | null> {
  if (study.status !== 'approved') return null;
  return (await repo.frozenParts(manager, study.id, parts)) as Pick<FrozenStudy, K> | null;
}

export const settingsOf = (study: ComparisonStudy): StudySettings => ({
  confidence: study.confidence,
  errorRatio: study.errorRatio,
  analytes: study.analytes,
});

/** Tenancy (404), the clinicalData flag (403 with its detail), then the role (403). */
async function studyArea(
  manager: EntityManager,
  user: AuthUser,
  action: Action | 'read',
  instituteId: number,
): Promise<Institute> {
  const institute = await requireFeature(manager, user, instituteId, 'clinicalData');
  authorize(user, action);
  return institute;
}

/** The study, or 404 when there is none or it is another institute's; then flag and role. */
async function findStudy(
  manager: EntityManager,
  user: AuthUser,
  id: number,
  action: Action | 'read' = 'read',
  lock = false,
): Promise<ComparisonStudy> {
  const study = await (lock ? repo.lockStudy(manager, id) : repo.findStudy(manager, id));
  if (!study) throw notFound();
  await studyArea(manager, user, action, study.instituteId);
  return study;
}

/** A write of a draft: an approved study answers 409 (section 2). */
async function findDraft(manager: EntityManager, user: AuthUser, id: number) {
  const study = await findStudy(manager, user, id, 'data:edit', true);
  if (study.status === 'approved') throw conflict(MSG.approvedUnchangeable);
  return study;
}

/** The inputs of a draft as they are now: one query for the entries, one for exclusions. */
async function liveInputs(manager: EntityManager, study: ComparisonStudy): Promise<StudyInputs> {
  const reads = [
    () => repo.studyEntries(manager, study),
    () => repo.studyExclusions(manager, study.id),
    () => repo.instituteLines(manager, study.instituteId, study.lineIds),
  ] as const;
  // Outside a transaction the three reads take a connection each; inside, its one in turn.
  if (manager.queryRunner?.isTransactionActive) {
    return { entries: await reads[0](), exclusions: await reads[1](), lines: await reads[2]() };
  }
  const [entries, exclusions, lines] = await Promise.all([reads[0](), reads[1](), reads[2]()]);
  return { entries, exclusions, lines };
}

/** What a study's figures come from: its frozen copy once approved, the live data otherwise. */
export async function studyInputs(
  manager: EntityManager,
  study: ComparisonStudy,
): Promise<StudyInputs> {
  const frozen = await frozenOf(manager, study, ['lines', 'entries', 'exclusions']);
  return frozen ? thawInputs(frozen) : liveInputs(manager, study);
}

/** How many drafts' results a process keeps (each a few kilobytes). */
const KEPT_RESULTS = 256;

/**
 * A draft's results kept while its inputs are unchanged: the study's row (`updated_at`, which
 * an exclusion's change also moves) and its institute's generation, which every write to
 * clinical data, records, lines and labels raises in its transaction (migration
 * InstituteGenerations). The generation is read before the entries, so a kept answer is never
 * older than the key it is kept under. A study filtered by labels is not kept: a label put on
 * an entry (clinical_data_labels) raises no generation.
 */
const keptResults = new Map<
  number,
  { key: string; computedAt: string; groups: ComparisonGroupDto[] }
>();

async function draftResults(
  manager: EntityManager,
  study: ComparisonStudy,
  /** The institute's generation, where it was read with the study. */
  generation?: string,
): Promise<{ computedAt: string; groups: ComparisonGroupDto[] }> {
  const keepable = study.labelIds.length === 0;
  const key = keepable
    ? `${generation ?? (await repo.instituteGeneration(manager, study.instituteId))}:${study.updatedAt.getTime()}`
    : '';
  const kept = keepable ? keptResults.get(study.id) : undefined;
  if (kept && kept.key === key) return kept;
  const computedAt = new Date().toISOString();
  const groups = studyGroups(settingsOf(study), await liveInputs(manager, study), keptFiguresOf);
  if (keepable) {
    keptResults.delete(study.id);
    keptResults.set(study.id, { key, computedAt, groups });
    if (keptResults.size > KEPT_RESULTS) keptResults.delete(keptResults.keys().next().value!);
  }
  return { computedAt, groups };
}

async function resultsOf(
  manager: EntityManager,
  study: ComparisonStudy,
  generation?: string,
): Promise<ResultsView> {
  const frozen = await frozenOf(manager, study, ['computed_at', 'groups']);
  if (frozen) return { study, computedAt: frozen.computed_at, groups: frozen.groups };
  return { study, ...(await draftResults(manager, study, generation)) };
}

const verdictsOf = (groups: ComparisonGroupDto[]): StudyView['verdicts'] =>
  groups
    .filter((g) => g.line_id === null)
    .map((g) => ({ analyte: g.analyte, verdict: g.verdict, pairs_needed: g.pairs_needed }));

async function viewOf(manager: EntityManager, study: ComparisonStudy): Promise<StudyView> {
  const frozen = await frozenOf(manager, study, ['groups', 'exclusions']);
  if (frozen) {
    return { study, exclusions: frozen.exclusions, verdicts: verdictsOf(frozen.groups) };
  }
  const { groups } = await draftResults(manager, study);
  return {
    study,
    exclusions: await repo.studyExclusions(manager, study.id),
    verdicts: verdictsOf(groups),
  };
}

export async function listStudies(
  { db }: ComparisonDeps,
  user: AuthUser,
  instituteId: number,
  query: ComparisonStudyListQuery,
): Promise<Page<StudyView>> {
  await studyArea(db.manager, user, 'read', instituteId);
  const page = await repo.pageOfStudies(db.manager, instituteId, query);
  const items: StudyView[] = [];
  for (const study of page.items) items.push(await viewOf(db.manager, study));
  return { items, total: page.total };
}

export async function getStudy({ db }: ComparisonDeps, user: AuthUser, id: number) {
  return viewOf(db.manager, await findStudy(db.manager, user, id));
}

/** A concurrent twin that passed the name check is stopped by the unique index: 409 all the same. */
async function nameUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, repo.NAME_INDEX)) throw conflict(MSG.nameTaken);
    throw err;
  }
}

async function assertNameFree(
  manager: EntityManager,
  instituteId: number,
  name: string,
  exceptId?: number,
) {
  if (await repo.nameTaken(manager, instituteId, name, exceptId)) throw conflict(MSG.nameTaken);
}

/** The chosen lines, each once: lines of the institute (422 otherwise, as clinical data's line). */
async function lineIdsOf(manager: EntityManager, instituteId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const lines = await repo.instituteLines(manager, instituteId, unique);
  if (lines.length !== unique.length) throw invalidField('line_ids', MSG.noSuchLine);
  return unique;
}

async function labelIdsOf(manager: EntityManager, instituteId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  await labelsOfInstitute(manager, instituteId, unique);
  return unique;
}

/** A study may not start after the institute's today (shared/domain/dates.ts's wording). */
function assertStartNotFuture(institute: Institute, dateGte: string) {
  if (dateGte > zonedDay(Date.now(), institute.timezone)) {
    throw invalidField('date__gte', MSG.futureStart);
  }
}

export async function createStudy(
  deps: ComparisonDeps,
  user: AuthUser,
  instituteId: number,
  body: ComparisonStudyCreateData,
): Promise<StudyView> {
  const institute = await studyArea(deps.db.manager, user, 'data:edit', instituteId);
  assertStartNotFuture(institute, body.date__gte);
  const id = await nameUnique(() =>
    deps.db.transaction(async (manager) => {
      await assertNameFree(manager, instituteId, body.name);
      const study = repo.newStudy(manager, {
        instituteId,
        name: body.name,
        lineIds: await lineIdsOf(manager, instituteId, body.line_ids),
        labelIds: await labelIdsOf(manager, instituteId, body.labels),
        dateGte: body.date__gte,
        dateLt: body.date__lt,
        confidence: body.confidence,
        errorRatio: body.error_ratio,
        analytes: body.analytes,
        status: 'draft',
        createdById: user.id,
        createdByName: await repo.userName(manager, user.id),
      });
      return (await repo.saveStudy(manager, study)).id;
    }),
  );
  return getStudy(deps, user, id);
}

export async function updateStudy(
  deps: ComparisonDeps,
  user: AuthUser,
  id: number,
  body: ComparisonStudyUpdateData,
): Promise<StudyView> {
  await nameUnique(() =>
    deps.db.transaction(async (manager) => {
      const study = await findDraft(manager, user, id);
      if (body.name !== undefined) {
        await assertNameFree(manager, study.instituteId, body.name, id);
        study.name = body.name;
      }
      if (body.line_ids !== undefined)
        study.lineIds = await lineIdsOf(manager, study.instituteId, body.line_ids);
      if (body.labels !== undefined)
        study.labelIds = await labelIdsOf(manager, study.instituteId, body.labels);
      if (body.date__gte !== undefined) {
        const institute = await requireFeature(manager, user, study.instituteId, 'clinicalData');
        assertStartNotFuture(institute, body.date__gte);
        study.dateGte = body.date__gte;
      }
      if (body.date__lt !== undefined) study.dateLt = body.date__lt;
      if (!isDateOrder({ date__gte: study.dateGte, date__lt: study.dateLt }))
        throw invalidField('date__lt', MSG.dateOrder);
      if (body.confidence !== undefined) study.confidence = body.confidence;
      if (body.error_ratio !== undefined) study.errorRatio = body.error_ratio;
      if (body.analytes !== undefined) study.analytes = body.analytes;
      await repo.saveStudy(manager, study);
    }),
  );
  return getStudy(deps, user, id);
}

export async function deleteStudy({ db }: ComparisonDeps, user: AuthUser, id: number) {
  await db.transaction(async (manager) => {
    await findDraft(manager, user, id);
    await repo.removeStudy(manager, id);
  });
}

/**
 * The results answer (section 4). The study, its institute and the institute's generation are
 * read in one statement, so that a kept draft's answer costs one query: the same gate as
 * everywhere (tenancy 404, then the clinicalData flag 403).
 */
export async function studyResults(
  { db }: ComparisonDeps,
  user: AuthUser,
  id: number,
): Promise<ResultsView> {
  const found = await repo.studyWithInstitute(db.manager, id);
  if (!found) throw notFound();
  authorize(user, 'read', found.study.instituteId);
  assertAreaOpen(user, found.study.institute, 'clinicalData');
  return resultsOf(db.manager, found.study, found.generation);
}

/** The study's pairs (the excluded ones too), one analyte's or all, a page of them. */
export async function listPairs(
  { db }: ComparisonDeps,
  user: AuthUser,
  id: number,
  query: ComparisonPairQuery,
): Promise<Page<ComparisonPairDto>> {
  const study = await findStudy(db.manager, user, id);
  const all = studyPairs(settingsOf(study), await studyInputs(db.manager, study), query.analyte);
  const start = query.page * query.size;
  return { items: all.slice(start, start + query.size), total: all.length };
}

export async function addExclusion(
  { db }: ComparisonDeps,
  user: AuthUser,
  id: number,
  body: { clinical_data: number; analyte: StudyAnalyte | null; reason: string },
): Promise<StudyExclusion> {
  try {
    return await db.transaction(async (manager) => {
      const study = await findDraft(manager, user, id);
      if (!(await repo.instituteEntryExists(manager, study.instituteId, body.clinical_data)))
        throw invalidField('clinical_data', MSG.noSuchEntry);
      await repo.touchStudy(manager, id);
      const saved = await repo.newExclusion(manager, {
        studyId: id,
        clinicalDataId: body.clinical_data,
        analyte: body.analyte,
        reason: body.reason,
        createdById: user.id,
        createdByName: await repo.userName(manager, user.id),
      });
      return {
        id: saved.id,
        clinicalDataId: saved.clinicalDataId,
        analyte: saved.analyte,
        reason: saved.reason,
        createdById: saved.createdById,
        createdByName: saved.createdByName,
        createdAt: saved.createdAt.toISOString(),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, repo.EXCLUSION_INDEX)) throw conflict(MSG.alreadyExcluded);
    throw err;
  }
}

export async function removeExclusion(
  { db }: ComparisonDeps,
  user: AuthUser,
  id: number,
  exclusionId: number,
) {
  await db.transaction(async (manager) => {
    await findDraft(manager, user, id);
    const exclusion = await repo.findExclusion(manager, id, exclusionId);
    if (!exclusion) throw notFound();
    await repo.removeExclusion(manager, exclusionId);
    await repo.touchStudy(manager, id);
  });
}

/**
 * Approval (section 5): an owner or admin of the institute, or staff, who did not create the
 * study. It freezes the study: its pairs (values, lines, exclusions) and results as they are.
 */
export async function approveStudy(
  deps: ComparisonDeps,
  user: AuthUser,
  id: number,
): Promise<StudyView> {
  await deps.db.transaction(async (manager) => {
    const study = await findStudy(manager, user, id, 'read', true);
    if (study.createdById === user.id) throw forbidden(MSG.approverIsAuthor);
    authorize(user, 'comparison-studies:approve');
    if (study.status === 'approved') throw conflict(MSG.approvedUnchangeable);
    const inputs = await liveInputs(manager, study);
    const at = new Date();
    const groups = studyGroups(settingsOf(study), inputs, keptFiguresOf);
    const approved = await repo.markApproved(manager, id, {
      approvedById: user.id,
      approvedByName: await repo.userName(manager, user.id),
      approvedAt: at,
      frozen: freeze(inputs, groups, at),
    });
    if (!approved) throw conflict(MSG.approvedUnchangeable);
  });
  return getStudy(deps, user, id);
}

/** Everything the report and the export show of a study, read once. */
export interface StudyDocument {
  institute: Institute;
  results: ResultsView;
  inputs: StudyInputs;
  pairs: ComparisonPairDto[];
}

export async function studyDocument(
  { db }: ComparisonDeps,
  user: AuthUser,
  id: number,
): Promise<StudyDocument> {
  const study = await findStudy(db.manager, user, id);
  const institute = await requireFeature(db.manager, user, study.instituteId, 'clinicalData');
  // A draft's figures from the very entries its pairs show (not a kept answer): one reading.
  const inputs = await studyInputs(db.manager, study);
  const results: ResultsView =
    study.status === 'approved'
      ? await resultsOf(db.manager, study)
      : {
          study,
          computedAt: new Date().toISOString(),
          groups: studyGroups(settingsOf(study), inputs, keptFiguresOf),
        };
  return { institute, results, inputs, pairs: studyPairs(settingsOf(study), inputs) };
}

/** The sample-size planner (section 4): 422 when |expected_bias| ≥ limit. */
export function plannedPairs(body: {
  sd: number;
  limit: number;
  expected_bias: number;
  confidence: number;
}): { pairs: number | null } {
  if (expectedBiasTooLarge(body)) throw invalidField('expected_bias', MSG.expectedBiasTooLarge);
  return { pairs: sampleSize({ ...body, confidence: body.confidence as Confidence }) };
}

/** How many lines the study form suggests (section 2). */
export const SUGGESTED_LINES = 3;

export async function suggestedLines({ db }: ComparisonDeps, user: AuthUser, instituteId: number) {
  await studyArea(db.manager, user, 'read', instituteId);
  const rows = await repo.roughestLines(db.manager, instituteId, SUGGESTED_LINES);
  return rows.map((r) => ({
    line_id: r.line_id,
    line_name: r.line_name,
    median_vital_metric: Number(r.median),
    records: Number(r.records),
  }));
}
