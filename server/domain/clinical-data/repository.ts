import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  CLINICAL_VALUE_FIELDS,
  type ClinicalDataListQuery,
} from '../../../shared/api/clinical-data';
import { ClinicalData } from '../../entities/clinical-data';
import { TransitRecord } from '../../entities/record';
import { applyOrdering, paginate } from '../pagination';

/** API ordering fields → SQL, for paginate(). */
const ORDERINGS: Record<string, string> = {
  date: 'cd.date',
  record__date: 'record.date',
  record__line__name: 'line.name',
  h_index: 'cd.h_index',
  ldh: 'cd.ldh',
  asat: 'cd.asat',
  potassium: 'cd.potassium',
  pfhb: 'cd.pfhb',
};
const DEFAULT_ORDERING = '-date';

/** Clinical data with its record (and the record's line) and labels. */
function clinicalDataQuery(manager: EntityManager) {
  return manager
    .getRepository(ClinicalData)
    .createQueryBuilder('cd')
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
  if (q.line_id) qb.andWhere('record.line_id = :lineId', { lineId: q.line_id });
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
    .leftJoin('record.line', 'line');
  applyFilters(qb, instituteId, q)
    .select(`to_char(cd.date, 'YYYY-MM-DD')`, 'date')
    .addSelect(`to_char(record.date, '${dateFormat}')`, 'record_date')
    .addSelect('line.name', 'line')
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
