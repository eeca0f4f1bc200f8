import type { EntityManager } from 'typeorm';
import type { ClinicalDataListQuery } from '../../../shared/api/clinical-data';
import { ClinicalData } from '../../entities/clinical-data';
import { TransitRecord } from '../../entities/record';
import { paginate } from '../pagination';

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

/** Clinical data with its record (and the record's line) and labels. */
function clinicalDataQuery(manager: EntityManager) {
  return manager
    .getRepository(ClinicalData)
    .createQueryBuilder('cd')
    .leftJoinAndSelect('cd.record', 'record')
    .leftJoinAndSelect('record.line', 'line')
    .leftJoinAndSelect('cd.labels', 'label');
}

/** A page of the list of hemolysis-data.md section 1 with its filters, newest date first. */
export function pageOfClinicalData(
  manager: EntityManager,
  instituteId: number,
  q: ClinicalDataListQuery,
) {
  const qb = clinicalDataQuery(manager).where('cd.institute_id = :instituteId', { instituteId });
  if (q.labels?.length)
    qb.andWhere(
      'EXISTS (SELECT 1 FROM clinical_data_labels cl WHERE cl.clinical_data_id = cd.id AND cl.label_id IN (:...labelIds))',
      { labelIds: q.labels },
    );
  if (q.line_id) qb.andWhere('record.line_id = :lineId', { lineId: q.line_id });
  if (q.record) qb.andWhere('cd.record_id = :recordId', { recordId: q.record });
  if (q.date__gte) qb.andWhere('cd.date >= :from', { from: q.date__gte });
  if (q.date__lt) qb.andWhere('cd.date < :to', { to: q.date__lt });
  return paginate(qb, q, ORDERINGS, '-date');
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

/** Record id → how many of its own institute's clinical data entries link it (absent: none). */
export async function clinicalDataCounts(
  manager: EntityManager,
  records: Pick<TransitRecord, 'id' | 'instituteId'>[],
): Promise<Map<number, number>> {
  if (!records.length) return new Map();
  const rows: { record_id: number; count: number }[] = await manager.query(
    `SELECT cd.record_id, count(*)::int AS count
       FROM clinical_data cd
       JOIN unnest($1::int[], $2::int[]) AS r(id, institute_id)
         ON cd.record_id = r.id AND cd.institute_id = r.institute_id
      GROUP BY cd.record_id`,
    [records.map((r) => r.id), records.map((r) => r.instituteId)],
  );
  return new Map(rows.map((r) => [r.record_id, r.count]));
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
