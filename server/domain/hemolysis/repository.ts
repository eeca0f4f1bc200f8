import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';
import type { z } from 'zod';
import type {
  hemolysisDataListQuery,
  measurementListQuery,
  SummaryFrequency,
} from '../../../shared/api/hemolysis';
import { HemolysisData, HemolysisMeasurement } from '../../entities/hemolysis-data';
import { paginate } from '../pagination';

const ORDERINGS: Record<string, string> = {
  upload_date: 'hd.uploadDate',
  title: 'hd.title',
  line__name: 'line.name',
};

function hemolysisDataQuery(manager: EntityManager) {
  return manager
    .getRepository(HemolysisData)
    .createQueryBuilder('hd')
    .leftJoinAndSelect('hd.line', 'line')
    .leftJoinAndSelect('hd.labels', 'label');
}

/** A page of an institute's data sets with the list's filters, newest upload first. */
export function pageOfHemolysisData(
  manager: EntityManager,
  instituteId: number,
  q: z.output<typeof hemolysisDataListQuery>,
) {
  const qb = hemolysisDataQuery(manager).where('hd.institute_id = :instituteId', { instituteId });
  if (q.line_ids?.length) qb.andWhere('hd.line_id IN (:...lineIds)', { lineIds: q.line_ids });
  if (q.labels?.length)
    qb.andWhere(
      'EXISTS (SELECT 1 FROM hemolysis_data_labels hl WHERE hl.hemolysis_data_id = hd.id AND hl.label_id IN (:...labelIds))',
      { labelIds: q.labels },
    );
  if (q.donor_sample !== undefined)
    qb.andWhere('hd.donor_sample = :donor', { donor: q.donor_sample });
  return paginate(qb, q, ORDERINGS, '-upload_date');
}

export const findHemolysisData = (manager: EntityManager, id: number) =>
  hemolysisDataQuery(manager).where('hd.id = :id', { id }).getOne();

/** Inserts one batch of measurements with two array parameters (one round trip). */
export async function insertMeasurements(
  manager: EntityManager,
  dataId: number,
  timestamps: number[],
  values: number[],
): Promise<void> {
  await manager.query(
    `INSERT INTO hemolysis_measurements (data_id, "timestamp", value)
     SELECT $1, to_timestamp(t / 1000.0), v FROM unnest($2::float8[], $3::float8[]) AS u(t, v)`,
    [dataId, timestamps, values],
  );
}

/** Recomputes `measurement_summary` (count, first and last) of a data set from its rows. */
export async function refreshMeasurementSummary(manager: EntityManager, dataId: number) {
  await manager.query(
    `UPDATE hemolysis_data d SET measurement_count = s.n, measurement_start = s.first, measurement_end = s.last
       FROM (SELECT count(*)::int AS n, min("timestamp") AS first, max("timestamp") AS last
               FROM hemolysis_measurements WHERE data_id = $1) s
      WHERE d.id = $1`,
    [dataId],
  );
}

/** A page of a data set's measurements, in time order. */
export function pageOfMeasurements(
  manager: EntityManager,
  dataId: number,
  q: z.output<typeof measurementListQuery>,
) {
  const qb = manager
    .getRepository(HemolysisMeasurement)
    .createQueryBuilder('m')
    .where('m.data_id = :dataId', { dataId });
  if (q.timestamp__gte) qb.andWhere('m.timestamp >= :gte', { gte: q.timestamp__gte });
  if (q.timestamp__lte) qb.andWhere('m.timestamp <= :lte', { lte: q.timestamp__lte });
  return paginate(qb, q, { timestamp: 'm.timestamp' }, 'timestamp');
}

export const findMeasurement = (manager: EntityManager, dataId: number, id: number) =>
  manager.getRepository(HemolysisMeasurement).findOneBy({ id: String(id), dataId });

export const saveMeasurement = (manager: EntityManager, m: HemolysisMeasurement) =>
  manager.getRepository(HemolysisMeasurement).save(m);

/** A new data set (no measurements yet), saved. */
export async function insertHemolysisData(manager: EntityManager, fields: Partial<HemolysisData>) {
  const repo = manager.getRepository(HemolysisData);
  return repo.save(repo.create(fields));
}

export const saveHemolysisData = (manager: EntityManager, data: HemolysisData) =>
  manager.getRepository(HemolysisData).save(data);

export async function setSkippedRows(manager: EntityManager, id: number, skippedRows: number) {
  await manager.getRepository(HemolysisData).update(id, { skippedRows });
}

export async function deleteHemolysisData(manager: EntityManager, id: number) {
  await manager.getRepository(HemolysisData).delete(id);
}

/** Days with measurements in a zone, each with the instants it starts and ends at. */
export async function measurementDays(manager: EntityManager, dataId: number, zone: string) {
  const rows: { day: string; count: number; start: Date; end: Date }[] = await manager.query(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.count, (d.day::timestamp AT TIME ZONE $2) AS start,
            ((d.day + 1)::timestamp AT TIME ZONE $2) AS "end"
       FROM (SELECT ("timestamp" AT TIME ZONE $2)::date AS day, count(*)::int AS count
               FROM hemolysis_measurements WHERE data_id = $1 GROUP BY 1) d
      ORDER BY d.day`,
    [dataId, zone],
  );
  return rows;
}

export interface SummaryFilter {
  instituteId: number;
  zone: string;
  frequency: SummaryFrequency;
  lineIds?: number[];
  from?: Date;
  to?: Date;
  donorSample?: boolean;
}

function measurementWhere(f: SummaryFilter, params: unknown[]): string {
  const where = ['d.institute_id = $1'];
  if (f.lineIds?.length) {
    params.push(f.lineIds);
    where.push(`d.line_id = ANY($${params.length}::int[])`);
  }
  if (f.from) {
    params.push(f.from);
    where.push(`m."timestamp" >= $${params.length}`);
  }
  if (f.to) {
    params.push(f.to);
    where.push(`m."timestamp" <= $${params.length}`);
  }
  if (f.donorSample !== undefined) {
    params.push(f.donorSample);
    where.push(`d.donor_sample = $${params.length}`);
  }
  return where.join(' AND ');
}

/**
 * The HI figures of a group (hemolysis-data.md section 4) as SQL select items `mean`, `median`,
 * `p95`: the arithmetic mean and the 0.5 and 0.95 quantiles with linear interpolation between
 * closest ranks (numpy's default). The summary and the lab feed's daily outcomes use it.
 */
export const HI_FIGURES_SQL = (value: string) =>
  `avg(${value}) AS mean, percentile_cont(0.5) WITHIN GROUP (ORDER BY ${value}) AS median, ` +
  `percentile_cont(0.95) WITHIN GROUP (ORDER BY ${value}) AS p95`;

export interface MeasurementPeriodRow {
  line_id: number;
  line_name: string;
  period_start: Date;
  count: number;
  mean: number;
  median: number;
  p95: number;
  rejected_ldh: number;
  rejected_asat: number;
  rejected_potassium: number;
}

/**
 * Measurements grouped per line and local period, in SQL: counts, mean, linear-interpolation
 * quantiles and the fractions above each cut-off.
 */
export async function measurementPeriods(
  manager: EntityManager,
  f: SummaryFilter,
  cutoffs: { ldh: number; asat: number; potassium: number },
): Promise<MeasurementPeriodRow[]> {
  const params: unknown[] = [
    f.instituteId,
    f.zone,
    f.frequency,
    cutoffs.ldh,
    cutoffs.asat,
    cutoffs.potassium,
  ];
  const where = measurementWhere(f, params);
  const rows: MeasurementPeriodRow[] = await manager.query(
    `SELECT g.line_id, l.name AS line_name, (g.local_period AT TIME ZONE $2) AS period_start,
            g.count, g.mean, g.median, g.p95, g.rejected_ldh, g.rejected_asat, g.rejected_potassium
       FROM (SELECT d.line_id, date_trunc($3, m."timestamp" AT TIME ZONE $2) AS local_period,
                    count(*)::int AS count, ${HI_FIGURES_SQL('m.value')},
                    avg((m.value > $4)::int)::float8 AS rejected_ldh,
                    avg((m.value > $5)::int)::float8 AS rejected_asat,
                    avg((m.value > $6)::int)::float8 AS rejected_potassium
               FROM hemolysis_measurements m JOIN hemolysis_data d ON d.id = m.data_id
              WHERE ${where}
              GROUP BY d.line_id, local_period) g
       JOIN lines l ON l.id = g.line_id
      ORDER BY l.name, g.line_id, g.local_period`,
    params,
  );
  return rows.map((r) => ({
    ...r,
    mean: Number(r.mean),
    median: Number(r.median),
    p95: Number(r.p95),
    rejected_ldh: Number(r.rejected_ldh),
    rejected_asat: Number(r.rejected_asat),
    rejected_potassium: Number(r.rejected_potassium),
  }));
}

export async function measurementRange(manager: EntityManager, f: SummaryFilter) {
  const params: unknown[] = [f.instituteId];
  const where = measurementWhere(f, params);
  const [row]: { start: Date | null; end: Date | null }[] = await manager.query(
    `SELECT min(m."timestamp") AS start, max(m."timestamp") AS "end"
       FROM hemolysis_measurements m JOIN hemolysis_data d ON d.id = m.data_id WHERE ${where}`,
    params,
  );
  return row;
}

export interface RecordPeriodRow {
  line_id: number;
  period_start: Date;
  records: number;
  ldh: number;
  asat: number;
  potassium: number;
}

/**
 * Included records of some lines per local period: how many, and the mean of each analyte's
 * rejection probability as the records table stores it (kept current by the rejection service
 * whenever thresholds or the model change).
 */
export async function recordPeriods(
  manager: EntityManager,
  f: SummaryFilter & { lineIds: number[] },
): Promise<RecordPeriodRow[]> {
  const params: unknown[] = [f.instituteId, f.zone, f.frequency, f.lineIds];
  const where = [`r.institute_id = $1`, `r.line_id = ANY($4::int[])`, includedRecordSql('r')];
  if (f.from) {
    params.push(f.from);
    where.push(`r.date >= $${params.length}`);
  }
  if (f.to) {
    params.push(f.to);
    where.push(`r.date <= $${params.length}`);
  }
  const rows: RecordPeriodRow[] = await manager.query(
    `SELECT r.line_id, (date_trunc($3, r.date AT TIME ZONE $2) AT TIME ZONE $2) AS period_start,
            count(*)::int AS records, avg(r.p_ldh)::float8 AS ldh, avg(r.p_asat)::float8 AS asat,
            avg(r.p_potassium)::float8 AS potassium
       FROM records r WHERE ${where.join(' AND ')}
      GROUP BY r.line_id, period_start`,
    params,
  );
  return rows;
}
