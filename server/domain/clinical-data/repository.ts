import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  CLINICAL_VALUE_FIELDS,
  type ClinicalDataListQuery,
} from '../../../shared/api/clinical-data';
import { ClinicalData } from '../../entities/clinical-data';
import { Line } from '../../entities/line';
import { TransitRecord } from '../../entities/record';
import { applyOrdering, paginate } from '../pagination';
import type { ClinicalCsvBatch } from './csv';

/**
 * The line of an entry (method-comparison.md section 1), as SQL over the clinical_data row of
 * alias `entry`: its own `line_id`, else the line of its record (a record of the entry's own
 * institute), else NULL. Every query that filters or selects entries by line uses this, so the
 * list, its export and the comparison studies agree:
 *
 *     WHERE ${entryLineSql('cd')} = $1
 */
export const entryLineSql = (entry: string) =>
  `COALESCE(${entry}.line_id, (SELECT r.line_id FROM records r
     WHERE r.id = ${entry}.record_id AND r.institute_id = ${entry}.institute_id))`;

/** API ordering fields → SQL, for paginate(). */
const ORDERINGS: Record<string, string> = {
  date: 'cd.date',
  record__date: 'record.date',
  // The line the list shows: the line of the entry.
  record__line__name: 'entry_line.name',
  h_index: 'cd.h_index',
  ldh: 'cd.ldh',
  asat: 'cd.asat',
  potassium: 'cd.potassium',
  pfhb: 'cd.pfhb',
};
const DEFAULT_ORDERING = '-date';

/** Clinical data with the line of the entry, its record (and the record's line) and labels. */
function clinicalDataQuery(manager: EntityManager) {
  return manager
    .getRepository(ClinicalData)
    .createQueryBuilder('cd')
    .leftJoinAndMapOne('cd.entryLine', Line, 'entry_line', `entry_line.id = ${entryLineSql('cd')}`)
    .leftJoinAndSelect('cd.record', 'record')
    .leftJoinAndSelect('record.line', 'line')
    .leftJoinAndSelect('cd.labels', 'label');
}

/** The list's filters (hemolysis-data.md section 1) on a query of `cd` joined to its `record`. */
function applyFilters(
  qb: SelectQueryBuilder<ClinicalData>,
  instituteId: number,
  q: ClinicalDataListQuery,
) {
  qb.where('cd.institute_id = :instituteId', { instituteId });
  if (q.labels?.length)
    qb.andWhere(
      'EXISTS (SELECT 1 FROM clinical_data_labels cl WHERE cl.clinical_data_id = cd.id AND cl.label_id IN (:...labelIds))',
      { labelIds: q.labels },
    );
  if (q.line_id) qb.andWhere(`${entryLineSql('cd')} = :lineId`, { lineId: q.line_id });
  if (q.record) qb.andWhere('cd.record_id = :recordId', { recordId: q.record });
  if (q.date__gte) qb.andWhere('cd.date >= :from', { from: q.date__gte });
  if (q.date__lt) qb.andWhere('cd.date < :to', { to: q.date__lt });
  return qb;
}

/** A page of the list of hemolysis-data.md section 1 with its filters, newest date first. */
export function pageOfClinicalData(
  manager: EntityManager,
  instituteId: number,
  q: ClinicalDataListQuery,
) {
  const qb = applyFilters(clinicalDataQuery(manager), instituteId, q);
  return paginate(qb, q, ORDERINGS, DEFAULT_ORDERING);
}

/** A clinical data row as the export reads it (dates already ISO 8601 text). */
export interface ClinicalDataExportRow {
  date: string;
  record_date: string | null;
  line: string | null;
  auc: number | null;
  h_index: number | null;
  h_index_baseline: number | null;
  ldh: number | null;
  ldh_baseline: number | null;
  asat: number | null;
  asat_baseline: number | null;
  potassium: number | null;
  potassium_baseline: number | null;
  pfhb: number | null;
  pfhb_baseline: number | null;
  exclude_from_model: boolean;
  donor_sample: boolean;
  labels: string | null;
}

/**
 * The SQL of the whole filtered list in its order, one flat row per entry (labels joined), for
 * an export streamed through a cursor; the linked record's instant formatted with `dateFormat`.
 */
export function clinicalDataExportQuery(
  manager: EntityManager,
  instituteId: number,
  q: ClinicalDataListQuery,
  dateFormat: string,
): [string, unknown[]] {
  const qb = manager
    .getRepository(ClinicalData)
    .createQueryBuilder('cd')
    .leftJoin('cd.record', 'record')
    .leftJoin(Line, 'entry_line', `entry_line.id = ${entryLineSql('cd')}`);
  applyFilters(qb, instituteId, q)
    .select(`to_char(cd.date, 'YYYY-MM-DD')`, 'date')
    .addSelect(`to_char(record.date, '${dateFormat}')`, 'record_date')
    .addSelect('entry_line.name', 'line')
    .addSelect('record.auc', 'auc');
  for (const field of CLINICAL_VALUE_FIELDS) qb.addSelect(`cd.${field}`, field);
  qb.addSelect('cd.exclude_from_model', 'exclude_from_model')
    .addSelect('cd.donor_sample', 'donor_sample')
    .addSelect(
      `(SELECT string_agg(l.label, '; ' ORDER BY l.label) FROM clinical_data_labels cl
        JOIN labels l ON l.id = cl.label_id WHERE cl.clinical_data_id = cd.id)`,
      'labels',
    );
  return applyOrdering(qb, q.ordering, ORDERINGS, DEFAULT_ORDERING).getQueryAndParameters();
}

export function findClinicalData(manager: EntityManager, id: number) {
  return clinicalDataQuery(manager).where('cd.id = :id', { id }).getOne();
}

/**
 * The record picker (hemolysis-data.md section 1): the institute's processed records with
 * D − 1 day ≤ date < D + 3 days, days counted in the institute's time zone, newest first.
 */
export function recordChoices(
  manager: EntityManager,
  instituteId: number,
  timezone: string,
  date: string,
) {
  return manager
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .leftJoinAndSelect('r.line', 'line')
    .where('r.institute_id = :instituteId AND r.is_processed AND NOT r.hidden', { instituteId })
    .andWhere(`r.date >= (CAST(CAST(:date AS date) - 1 AS timestamp) AT TIME ZONE :tz)`, {
      date,
      tz: timezone,
    })
    .andWhere(`r.date < (CAST(CAST(:date AS date) + 3 AS timestamp) AT TIME ZONE :tz)`)
    .orderBy('r.date', 'DESC')
    .addOrderBy('r.id', 'DESC')
    .take(500)
    .getMany();
}

/** Whether the institute has a record with this id (the only records an entry may link). */
export const instituteRecordExists = (manager: EntityManager, instituteId: number, id: number) =>
  manager.getRepository(TransitRecord).existsBy({ id, instituteId });

/** The line of the institute's record with this id (null: no such record, or on no line). */
export async function recordLineId(
  manager: EntityManager,
  instituteId: number,
  recordId: number,
): Promise<number | null> {
  const record = await manager
    .getRepository(TransitRecord)
    .findOne({ where: { id: recordId, instituteId }, select: { id: true, lineId: true } });
  return record?.lineId ?? null;
}

/** The ids and names of the institute's lines (an import names lines by name). */
export const instituteLineNames = (
  manager: EntityManager,
  instituteId: number,
): Promise<{ id: number; name: string }[]> =>
  manager.query('SELECT id, name FROM lines WHERE institute_id = $1 ORDER BY id', [instituteId]);

/**
 * Inserts a batch of imported entries of one institute in one statement (a multi-row INSERT
 * from arrays, one per column), each with the same labels.
 */
export async function insertImportedEntries(
  manager: EntityManager,
  instituteId: number,
  batch: ClinicalCsvBatch,
  labelIds: number[],
): Promise<void> {
  const columns = CLINICAL_VALUE_FIELDS.join(', ');
  const values = CLINICAL_VALUE_FIELDS.map((_, i) => `$${i + 4}::float8[]`).join(', ');
  const labels = `$${CLINICAL_VALUE_FIELDS.length + 4}::int[]`;
  await manager.query(
    `WITH entries AS (
       INSERT INTO clinical_data (institute_id, date, line_id, ${columns})
       SELECT $1, u.*
         FROM unnest($2::date[], $3::int[], ${values}) AS u
       RETURNING id)
     INSERT INTO clinical_data_labels (clinical_data_id, label_id)
     SELECT entries.id, label.id FROM entries CROSS JOIN unnest(${labels}) AS label(id)`,
    [
      instituteId,
      batch.dates,
      batch.lineIds,
      ...CLINICAL_VALUE_FIELDS.map((f) => batch.values[f]),
      labelIds,
    ],
  );
}

export const newClinicalData = (manager: EntityManager, fields: Partial<ClinicalData>) =>
  manager.getRepository(ClinicalData).create(fields);

export const saveClinicalData = (manager: EntityManager, entry: ClinicalData) =>
  manager.getRepository(ClinicalData).save(entry);

export async function deleteClinicalData(manager: EntityManager, id: number) {
  await manager.getRepository(ClinicalData).delete(id);
}

/**
 * The number of clinical data entries of a record's institute that link it, as a scalar
 * subquery on the records of alias `records`: the records list's statement and one record's
 * count both read it.
 */
export const clinicalDataCountSql = (records: string) =>
  `(SELECT count(*)::int FROM clinical_data cd
     WHERE cd.record_id = ${records}.id AND cd.institute_id = ${records}.institute_id)`;

/** How many of its own institute's clinical data entries link the record. */
export async function clinicalDataCountOf(
  manager: EntityManager,
  record: Pick<TransitRecord, 'id' | 'instituteId'>,
): Promise<number> {
  const [row]: { count: number }[] = await manager.query(
    `SELECT ${clinicalDataCountSql('r')} AS count
       FROM (SELECT $1::int AS id, $2::int AS institute_id) r`,
    [record.id, record.instituteId],
  );
  return row!.count;
}

/** The institutes whose clinical data links a record. */
export async function institutesLinkingRecord(
  manager: EntityManager,
  recordId: number,
): Promise<number[]> {
  const rows: { institute_id: number }[] = await manager.query(
    'SELECT DISTINCT institute_id FROM clinical_data WHERE record_id = $1',
    [recordId],
  );
  return rows.map((r) => r.institute_id);
}
