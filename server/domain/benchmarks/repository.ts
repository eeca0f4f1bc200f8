/**
 * Peer benchmarking's stored aggregates and results (peer-benchmarking.md section 8; tables of
 * migration PeerBenchmarking). Triggers queue the (line, quarter) and (institute, quarter) pairs
 * a change touches; `refreshStale` recomputes the queued pairs with one grouped query each. No
 * other query here reads records or measurements.
 */
import type { EntityManager } from 'typeorm';
import type { InstituteKind } from '../../../shared/api/benchmarks';
import type {
  InstituteAnswer,
  OverviewAnswer,
  PopulationInstitute,
} from '../../../shared/benchmarking/compute';
import { includedRecordSql } from '../../../shared/domain/included-record';
import { DEFAULT_THRESHOLDS } from '../../../shared/rejection/model';

/** The cut-off of Pre-HemI, mg/dL (0.5 g/L free hemoglobin). */
const PRE_HEMI_CUTOFF = 50;

const REFRESH_LINES = `
  WITH queued AS (DELETE FROM benchmark_line_stale RETURNING line_id, quarter),
  pairs AS (SELECT DISTINCT line_id, quarter FROM queued),
  fresh AS (
    SELECT p.line_id, p.quarter, x.records, x.value
    FROM pairs p
    JOIN lines l ON l.id = p.line_id
    JOIN institutes i ON i.id = l.institute_id
    -- Per pair, the line's records through its index, whatever the planner thinks the queue
    -- holds (its statistics may date from a queue of thousands, and 20 million records).
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS records,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY r.auc) AS value
      FROM records r
      WHERE r.line_id = p.line_id
        AND r.date >= benchmark_quarter_edge(p.quarter, i.timezone, 0)
        AND r.date < benchmark_quarter_edge(p.quarter, i.timezone, 1)
        AND ${includedRecordSql('r')}) x),
  gone AS (
    DELETE FROM benchmark_line_quarters t USING fresh f
    WHERE t.line_id = f.line_id AND t.quarter = f.quarter AND f.records = 0 RETURNING 1),
  written AS (
    INSERT INTO benchmark_line_quarters AS t (line_id, quarter, records, value)
    SELECT line_id, quarter, records, value FROM fresh WHERE records > 0
    ORDER BY line_id, quarter
    ON CONFLICT (line_id, quarter) DO UPDATE SET records = EXCLUDED.records, value = EXCLUDED.value
    WHERE (t.records, t.value) IS DISTINCT FROM (EXCLUDED.records, EXCLUDED.value)
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) + (SELECT count(*) FROM written) AS changed`;

const REFRESH_HEMOLYSIS = `
  WITH queued AS (DELETE FROM benchmark_hemolysis_stale RETURNING institute_id, quarter),
  pairs AS (
    SELECT DISTINCT q.institute_id, q.quarter, i.timezone,
           coalesce(a.ldh_threshold, $1) AS ldh, coalesce(a.asat_threshold, $2) AS asat,
           coalesce(a.potassium_threshold, $3) AS potassium
    FROM queued q JOIN institutes i ON i.id = q.institute_id
    LEFT JOIN analyzers a ON a.institute_id = q.institute_id),
  fresh AS (
    SELECT p.institute_id, p.quarter, count(m.id)::int AS measurements,
           count(*) FILTER (WHERE m.value > ${PRE_HEMI_CUTOFF})::int AS above_50,
           count(*) FILTER (WHERE m.value > p.ldh)::int AS above_ldh,
           count(*) FILTER (WHERE m.value > p.asat)::int AS above_asat,
           count(*) FILTER (WHERE m.value > p.potassium)::int AS above_potassium
    FROM pairs p
    LEFT JOIN hemolysis_data d ON d.institute_id = p.institute_id AND NOT d.donor_sample
    LEFT JOIN hemolysis_measurements m ON m.data_id = d.id
      AND m.timestamp >= benchmark_quarter_edge(p.quarter, p.timezone, 0)
      AND m.timestamp < benchmark_quarter_edge(p.quarter, p.timezone, 1)
    GROUP BY p.institute_id, p.quarter),
  gone AS (
    DELETE FROM benchmark_hemolysis_quarters t USING fresh f
    WHERE t.institute_id = f.institute_id AND t.quarter = f.quarter AND f.measurements = 0
    RETURNING 1),
  written AS (
    INSERT INTO benchmark_hemolysis_quarters AS t
      (institute_id, quarter, measurements, above_50, above_ldh, above_asat, above_potassium)
    SELECT institute_id, quarter, measurements, above_50, above_ldh, above_asat, above_potassium
    FROM fresh WHERE measurements > 0 ORDER BY institute_id, quarter
    ON CONFLICT (institute_id, quarter) DO UPDATE SET measurements = EXCLUDED.measurements,
      above_50 = EXCLUDED.above_50, above_ldh = EXCLUDED.above_ldh,
      above_asat = EXCLUDED.above_asat, above_potassium = EXCLUDED.above_potassium
    WHERE (t.measurements, t.above_50, t.above_ldh, t.above_asat, t.above_potassium)
      IS DISTINCT FROM (EXCLUDED.measurements, EXCLUDED.above_50, EXCLUDED.above_ldh,
                        EXCLUDED.above_asat, EXCLUDED.above_potassium)
    RETURNING 1)
  SELECT (SELECT count(*) FROM gone) + (SELECT count(*) FROM written) AS changed`;

/**
 * A quarter's state in one read: whether a change has queued pairs since the last refresh, the
 * version of every quarter's inputs now, and the version the quarter's kept result was computed
 * from (null without one).
 */
export async function quarterState(
  manager: EntityManager,
  quarter: string,
): Promise<{ stale: boolean; version: string; stored: string | null }> {
  const [row] = (await manager.query(
    `SELECT EXISTS (SELECT 1 FROM benchmark_line_stale)
              OR EXISTS (SELECT 1 FROM benchmark_hemolysis_stale) AS stale,
            i.version, (SELECT q.version FROM benchmark_quarters q WHERE q.quarter = $1) AS stored
     FROM benchmark_inputs i WHERE i.id = 1`,
    [quarter],
  )) as { stale: boolean; version: string; stored: string | null }[];
  return row;
}

/**
 * Recomputes the queued pairs (one grouped query for lines, one for hemolysis) and raises the
 * inputs' version when an aggregate changed. Run in a transaction.
 */
export async function refreshStale(manager: EntityManager): Promise<void> {
  const [lines] = (await manager.query(REFRESH_LINES)) as { changed: string }[];
  const [hemolysis] = (await manager.query(REFRESH_HEMOLYSIS, [
    DEFAULT_THRESHOLDS.ldh,
    DEFAULT_THRESHOLDS.asat,
    DEFAULT_THRESHOLDS.potassium,
  ])) as { changed: string }[];
  if (Number(lines.changed) + Number(hemolysis.changed) > 0) {
    await manager.query('UPDATE benchmark_inputs SET version = version + 1 WHERE id = 1');
  }
}

/** One computation of a quarter at a time, across processes (waits for the one running). */
export const lockQuarter = (manager: EntityManager, quarter: string) =>
  manager.query(`SELECT pg_advisory_xact_lock(hashtext('benchmarks'), hashtext($1))`, [quarter]);

interface InstituteRow {
  id: number;
  name: string;
  kind: InstituteKind;
  timezone: string;
  measurements: number | null;
  above_50: number | null;
  above_ldh: number | null;
  above_asat: number | null;
  above_potassium: number | null;
  ldh: number;
  asat: number;
  potassium: number;
}

interface LineRow {
  id: number;
  institute_id: number;
  name: string;
  length: number | null;
  manufacturer: string | null;
  is_hand_carried: boolean;
  records: number | null;
  value: number | null;
}

/** A quarter's population: the participating institutes, their lines and their aggregates. */
export async function loadPopulation(
  manager: EntityManager,
  quarter: string,
): Promise<PopulationInstitute[]> {
  const institutes = (await manager.query(
    `SELECT i.id, i.name, i.metadata_type AS kind, i.timezone, h.measurements, h.above_50,
            h.above_ldh, h.above_asat, h.above_potassium,
            coalesce(a.ldh_threshold, $2) AS ldh, coalesce(a.asat_threshold, $3) AS asat,
            coalesce(a.potassium_threshold, $4) AS potassium
     FROM institutes i
     LEFT JOIN benchmark_hemolysis_quarters h ON h.institute_id = i.id AND h.quarter = $1
     LEFT JOIN analyzers a ON a.institute_id = i.id
     WHERE i.benchmarking_opt_in AND NOT i.archived`,
    [quarter, DEFAULT_THRESHOLDS.ldh, DEFAULT_THRESHOLDS.asat, DEFAULT_THRESHOLDS.potassium],
  )) as InstituteRow[];
  const lines = (await manager.query(
    `SELECT l.id, l.institute_id, l.name, l.length, l.manufacturer, l.is_hand_carried,
            q.records, q.value
     FROM lines l
     JOIN institutes i ON i.id = l.institute_id
     LEFT JOIN benchmark_line_quarters q ON q.line_id = l.id AND q.quarter = $1
     WHERE i.benchmarking_opt_in AND NOT i.archived AND NOT l.archived`,
    [quarter],
  )) as LineRow[];
  const byInstitute = new Map<number, PopulationInstitute['lines']>();
  for (const l of lines) {
    const list = byInstitute.get(l.institute_id) ?? [];
    list.push({
      id: l.id,
      name: l.name,
      length: l.length,
      manufacturer: l.manufacturer,
      handCarried: l.is_hand_carried,
      records: l.records ?? 0,
      value: l.value,
    });
    byInstitute.set(l.institute_id, list);
  }
  return institutes.map((i) => {
    // Pre-HemR: above the lowest of the three thresholds, i.e. that analyte's count.
    const analytes = [
      { cutoff: i.ldh, count: i.above_ldh ?? 0 },
      { cutoff: i.asat, count: i.above_asat ?? 0 },
      { cutoff: i.potassium, count: i.above_potassium ?? 0 },
    ];
    const lowest = analytes.reduce((a, b) => (b.cutoff < a.cutoff ? b : a));
    return {
      id: i.id,
      name: i.name,
      kind: i.kind,
      timezone: i.timezone,
      lines: byInstitute.get(i.id) ?? [],
      hemolysis: {
        measurements: i.measurements ?? 0,
        cutoffs: {
          pre_hemi: PRE_HEMI_CUTOFF,
          pre_hemr: lowest.cutoff,
          rejected_ldh: i.ldh,
          rejected_asat: i.asat,
          rejected_potassium: i.potassium,
        },
        counts: {
          pre_hemi: i.above_50 ?? 0,
          pre_hemr: lowest.count,
          rejected_ldh: analytes[0].count,
          rejected_asat: analytes[1].count,
          rejected_potassium: analytes[2].count,
        },
      },
    };
  });
}

/** Keeps a quarter's result with the version it was computed from, replacing the last one. */
export async function storeResult(
  manager: EntityManager,
  quarter: string,
  version: string,
  computedAt: Date,
  overview: OverviewAnswer,
  answers: Map<number, InstituteAnswer>,
): Promise<void> {
  await manager.query('DELETE FROM benchmark_answers WHERE quarter = $1', [quarter]);
  await manager.query(
    `INSERT INTO benchmark_answers (quarter, institute_id, version, answer)
     SELECT $1, x.id, $2, x.answer FROM jsonb_to_recordset($3::jsonb) AS x(id integer, answer jsonb)`,
    [quarter, version, JSON.stringify([...answers].map(([id, answer]) => ({ id, answer })))],
  );
  await manager.query(
    `INSERT INTO benchmark_quarters (quarter, version, computed_at, overview)
     VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (quarter) DO UPDATE SET version = EXCLUDED.version,
       computed_at = EXCLUDED.computed_at, overview = EXCLUDED.overview`,
    [quarter, version, computedAt, JSON.stringify(overview)],
  );
}

/** An institute's kept answer, when the quarter's result is that of `version`. */
export async function keptAnswer(
  manager: EntityManager,
  quarter: string,
  instituteId: number,
  version: string,
): Promise<{ answer: InstituteAnswer; computedAt: Date } | null> {
  const [row] = (await manager.query(
    `SELECT a.answer, q.computed_at FROM benchmark_quarters q
     JOIN benchmark_answers a ON a.quarter = q.quarter AND a.institute_id = $2
     WHERE q.quarter = $1 AND q.version = $3`,
    [quarter, instituteId, version],
  )) as { answer: InstituteAnswer; computed_at: Date }[];
  return row ? { answer: row.answer, computedAt: row.computed_at } : null;
}

/** The quarter's kept overview, when its result is that of `version`. */
export async function keptOverview(
  manager: EntityManager,
  quarter: string,
  version: string,
): Promise<{ overview: OverviewAnswer; computedAt: Date } | null> {
  const [row] = (await manager.query(
    'SELECT overview, computed_at FROM benchmark_quarters WHERE quarter = $1 AND version = $2',
    [quarter, version],
  )) as { overview: OverviewAnswer; computed_at: Date }[];
  return row ? { overview: row.overview, computedAt: row.computed_at } : null;
}

/** The last change of the institute's switch, from its audit trail. */
export async function lastOptInChange(manager: EntityManager, instituteId: number) {
  const [row] = (await manager.query(
    `SELECT at, actor_id, actor_email FROM audit_events
     WHERE object_type = 'institute' AND object_id = $1 AND action = 'updated'
       AND changes ? 'benchmarking_opt_in'
     ORDER BY id DESC LIMIT 1`,
    [String(instituteId)],
  )) as { at: Date; actor_id: number | null; actor_email: string | null }[];
  return row ?? null;
}
