import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';
import { ComparisonStudy } from '../../entities/comparison-study';
import { ComparisonStudyExclusion } from '../../entities/comparison-study-exclusion';
import { entryLineSql } from '../clinical-data/repository';
import type { Page } from '../pagination';
import { VALUE_FIELDS, type StudyEntry, type StudyExclusion, type StudyLine } from './groups';

const studies = (manager: EntityManager) => manager.getRepository(ComparisonStudy);
const exclusions = (manager: EntityManager) => manager.getRepository(ComparisonStudyExclusion);

/** The unique index (institute, lower(name)) of migration ComparisonStudies. */
export const NAME_INDEX = 'UQ_comparison_studies_institute_lower_name';
/** The unique index (study, entry, coalesce(analyte, '')) of the same migration. */
export const EXCLUSION_INDEX = 'UQ_comparison_study_exclusions_entry';

/** A page of the institute's studies, newest first. */
export async function pageOfStudies(
  manager: EntityManager,
  instituteId: number,
  { page, size }: { page: number; size: number },
): Promise<Page<ComparisonStudy>> {
  const [items, total] = await studies(manager).findAndCount({
    where: { instituteId },
    order: { id: 'DESC' },
    skip: page * size,
    take: size,
  });
  return { items, total };
}

export const findStudy = (manager: EntityManager, id: number) => studies(manager).findOneBy({ id });

/** The study's row locked for a write (approval, exclusions, edits: one at a time). */
export const lockStudy = (manager: EntityManager, id: number) =>
  studies(manager)
    .createQueryBuilder('s')
    .setLock('pessimistic_write')
    .where('s.id = :id', { id })
    .getOne();

export async function nameTaken(
  manager: EntityManager,
  instituteId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM comparison_studies
      WHERE institute_id = $1 AND lower(name) = lower($2) AND id <> $3 LIMIT 1`,
    [instituteId, name, exceptId ?? 0],
  );
  return rows.length > 0;
}

export const newStudy = (manager: EntityManager, fields: Partial<ComparisonStudy>) =>
  studies(manager).create(fields);
export const saveStudy = (manager: EntityManager, study: ComparisonStudy) =>
  studies(manager).save(study);
export const removeStudy = (manager: EntityManager, id: number) => studies(manager).delete({ id });

/** 'First Last' of a user (what a study keeps of its author and approver), or their e-mail. */
export async function userName(manager: EntityManager, userId: number): Promise<string> {
  const rows: { name: string }[] = await manager.query(
    `SELECT coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name
       FROM users WHERE id = $1`,
    [userId],
  );
  return rows[0]?.name ?? '';
}

/** Which of these ids are lines of the institute (archived ones too). */
export async function instituteLines(
  manager: EntityManager,
  instituteId: number,
  ids: number[],
): Promise<StudyLine[]> {
  if (!ids.length) return [];
  return manager.query(
    `SELECT id, name FROM lines WHERE institute_id = $1 AND id = ANY($2::int[])`,
    [instituteId, ids],
  );
}

/** Whether the entry is clinical data of the institute. */
export async function instituteEntryExists(
  manager: EntityManager,
  instituteId: number,
  id: number,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    'SELECT 1 FROM clinical_data WHERE id = $1 AND institute_id = $2',
    [id, instituteId],
  );
  return rows.length > 0;
}

interface EntryRow {
  id: number;
  date: string;
  line_id: number;
  values: (number | null)[];
}

/**
 * Every entry a study compares, in one query: the study's institute's clinical data with
 * date__gte ≤ date < date__lt, carrying all the labels, whose line (the line of the entry,
 * `entryLineSql`) is one of the study's lines. Values as stored, in VALUE_FIELDS' order.
 */
export async function studyEntries(
  manager: EntityManager,
  study: Pick<ComparisonStudy, 'instituteId' | 'lineIds' | 'labelIds' | 'dateGte' | 'dateLt'>,
): Promise<StudyEntry[]> {
  const labels = [...new Set(study.labelIds)];
  const rows: EntryRow[] = await manager.query(
    `SELECT cd.id, to_char(cd.date, 'YYYY-MM-DD') AS date, el.line_id,
            ARRAY[${VALUE_FIELDS.map((f) => `cd.${f}`).join(', ')}]::float8[] AS values
       FROM clinical_data cd
       CROSS JOIN LATERAL (SELECT ${entryLineSql('cd')} AS line_id) el
      WHERE cd.institute_id = $1 AND cd.date >= $2 AND cd.date < $3
        AND el.line_id = ANY($4::int[])
        AND (cardinality($5::int[]) = 0 OR (
          SELECT count(*) FROM clinical_data_labels cl
           WHERE cl.clinical_data_id = cd.id AND cl.label_id = ANY($5::int[])) = cardinality($5::int[]))
      ORDER BY cd.date, cd.id`,
    [study.instituteId, study.dateGte, study.dateLt, study.lineIds, labels],
  );
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    lineId: r.line_id,
    values: Object.fromEntries(
      VALUE_FIELDS.map((f, i) => [f, r.values[i] ?? null]),
    ) as StudyEntry['values'],
  }));
}

export async function studyExclusions(
  manager: EntityManager,
  studyId: number,
): Promise<StudyExclusion[]> {
  const rows = await exclusions(manager).find({ where: { studyId }, order: { id: 'ASC' } });
  return rows.map((e) => ({
    id: e.id,
    clinicalDataId: e.clinicalDataId,
    analyte: e.analyte,
    reason: e.reason,
    createdById: e.createdById,
    createdByName: e.createdByName,
    createdAt: e.createdAt.toISOString(),
  }));
}

/** The exclusions of several studies at once (a page of the list). */
export async function exclusionsOfStudies(
  manager: EntityManager,
  studyIds: number[],
): Promise<Map<number, StudyExclusion[]>> {
  const byStudy = new Map<number, StudyExclusion[]>();
  if (!studyIds.length) return byStudy;
  const rows = await exclusions(manager)
    .createQueryBuilder('e')
    .where('e.study_id IN (:...ids)', { ids: studyIds })
    .orderBy('e.id', 'ASC')
    .getMany();
  for (const e of rows) {
    const list = byStudy.get(e.studyId) ?? [];
    list.push({
      id: e.id,
      clinicalDataId: e.clinicalDataId,
      analyte: e.analyte,
      reason: e.reason,
      createdById: e.createdById,
      createdByName: e.createdByName,
      createdAt: e.createdAt.toISOString(),
    });
    byStudy.set(e.studyId, list);
  }
  return byStudy;
}

export const newExclusion = (manager: EntityManager, fields: Partial<ComparisonStudyExclusion>) =>
  exclusions(manager).save(exclusions(manager).create(fields));

export const findExclusion = (manager: EntityManager, studyId: number, id: number) =>
  exclusions(manager).findOneBy({ id, studyId });

export const removeExclusion = (manager: EntityManager, id: number) =>
  exclusions(manager).delete({ id });

/** Marks a draft approved, unless it was approved meanwhile; false then. */
export async function markApproved(
  manager: EntityManager,
  id: number,
  fields: { approvedById: number; approvedByName: string; approvedAt: Date; frozen: unknown },
): Promise<boolean> {
  // An UPDATE answers [rows, count] (TypeORM's postgres driver).
  const [, count]: [unknown[], number] = await manager.query(
    `UPDATE comparison_studies
        SET status = 'approved', approved_by_id = $2, approved_by_name = $3, approved_at = $4,
            frozen = $5::jsonb, updated_at = now()
      WHERE id = $1 AND status = 'draft'`,
    [
      id,
      fields.approvedById,
      fields.approvedByName,
      fields.approvedAt,
      JSON.stringify(fields.frozen),
    ],
  );
  return count > 0;
}

/**
 * The suggested lines (section 2): the institute's lines, not archived, with the highest median
 * VitalMetric over their included, processed records of the last 90 days; at most `limit`.
 */
export function roughestLines(
  manager: EntityManager,
  instituteId: number,
  limit: number,
): Promise<{ line_id: number; line_name: string; median: number; records: string }[]> {
  return manager.query(
    `SELECT l.id AS line_id, l.name AS line_name,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY r.auc) AS median,
            count(*) AS records
       FROM records r JOIN lines l ON l.id = r.line_id
      WHERE r.institute_id = $1 AND l.institute_id = $1 AND NOT l.archived
        AND r.date >= now() - interval '90 days' AND ${includedRecordSql('r')}
      GROUP BY l.id, l.name
      ORDER BY median DESC, l.name, l.id
      LIMIT $2`,
    [instituteId, limit],
  );
}

/** Label names by id (the report's filter), by name. */
export async function labelNames(manager: EntityManager, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows: { label: string }[] = await manager.query(
    'SELECT label FROM labels WHERE id = ANY($1::int[]) ORDER BY label',
    [ids],
  );
  return rows.map((r) => r.label);
}

/**
 * Marks a study changed (its `updated_at`) when its exclusions change: what its kept results
 * are keyed by. The audit trail records no entry for it (only `updated_at` changes).
 */
export async function touchStudy(manager: EntityManager, id: number): Promise<void> {
  await manager.query(
    'UPDATE comparison_studies SET updated_at = clock_timestamp() WHERE id = $1',
    [id],
  );
}

/** The institute's generation (migration InstituteGenerations; no row: 0). */
export async function instituteGeneration(
  manager: EntityManager,
  instituteId: number,
): Promise<string> {
  const rows: { generation: string }[] = await manager.query(
    'SELECT generation FROM institute_generations WHERE institute_id = $1',
    [instituteId],
  );
  return rows[0]?.generation ?? '0';
}

/**
 * Parts of an approved study's frozen copy, by name (`frozen->'groups'` …): the copy can be
 * megabytes, and most reads need its results only. Null when the study has none.
 */
export async function frozenParts(
  manager: EntityManager,
  id: number,
  parts: readonly string[],
): Promise<Record<string, unknown> | null> {
  const rows: { part: Record<string, unknown> | null }[] = await manager.query(
    `SELECT CASE WHEN frozen IS NULL THEN NULL ELSE jsonb_build_object(${parts
      .map((_, i) => `$${i + 2}::text, frozen->$${i + 2}::text`)
      .join(', ')}) END AS part
       FROM comparison_studies WHERE id = $1`,
    [id, ...parts],
  );
  return rows[0]?.part ?? null;
}

/**
 * A study with its institute (flags, zone) and the institute's generation, in one statement:
 * what the results answer needs before it can give a kept answer.
 */
export async function studyWithInstitute(
  manager: EntityManager,
  id: number,
): Promise<{ study: ComparisonStudy; generation: string } | null> {
  const { entities, raw } = await studies(manager)
    .createQueryBuilder('s')
    .innerJoinAndSelect('s.institute', 'i')
    .addSelect(
      `coalesce((SELECT g.generation FROM institute_generations g
                  WHERE g.institute_id = s.institute_id), 0)::text`,
      'generation',
    )
    .where('s.id = :id', { id })
    .getRawAndEntities<{ generation: string }>();
  const [study] = entities;
  return study ? { study, generation: raw[0].generation } : null;
}
