import type { EntityManager } from 'typeorm';
import { countingResultSql } from '../../../shared/domain/lab-feed';
import {
  HI_BIN_EDGES,
  hiBinSql,
  TIER_ANALYTES,
  TIERS,
  tierSql,
  type OutcomeAnalyte,
  type Tier,
  type PerTierAnalyte,
} from '../../../shared/lab-feed/outcomes';
import { LabFeedSettings } from '../../entities/lab-feed-settings';
import { HI_FIGURES_SQL } from '../hemolysis/repository';

export async function findSettings(manager: EntityManager, instituteId: number) {
  return manager.getRepository(LabFeedSettings).findOneBy({ instituteId });
}

export async function saveSettings(
  manager: EntityManager,
  instituteId: number,
  c: PerTierAnalyte<number | null>,
) {
  await manager.getRepository(LabFeedSettings).upsert(
    {
      instituteId,
      commentAbovePotassium: c.potassium,
      commentAboveLdh: c.ldh,
      commentAboveAsat: c.asat,
    },
    ['instituteId'],
  );
}

/** A reported, current final or corrected result the laboratory flagged hemolysed. */
const hemolysedReportedSql = (r: string) =>
  `${r}.is_current AND ${r}.state = 'filed' AND ${r}.status IN ('final','corrected') AND ${r}.flag = 'hemolysed'`;

/** One day of a line's outcomes as the database aggregates it (counts, not yet fractions). */
export interface OutcomeDayRow {
  date: string;
  samples: number;
  mean: number;
  median: number;
  p95: number;
  max: number;
  bins: number[];
  tiers: PerTierAnalyte<Record<Tier, number>>;
  analytes: Partial<
    Record<OutcomeAnalyte, { n: number; median: number | null; hemolysed_reported: number }>
  >;
}

/**
 * A line's daily outcomes over local dates `from` to `to` (both included) in one statement: the
 * counting h_index results grouped by local date (the figures of the HI summary, the bins and
 * the count of each tier per analyte), with each other analyte's count, median and hemolysed
 * reports of that date. Read through the index on (line_id, analyte, sampled_at) of current
 * results: the work grows with the period's results, not with the line's history.
 */
export async function outcomeDays(
  manager: EntityManager,
  lineId: number,
  zone: string,
  from: string,
  to: string,
  thresholds: PerTierAnalyte<number>,
  commentAbove: PerTierAnalyte<number | null>,
): Promise<OutcomeDayRow[]> {
  const params: unknown[] = [lineId, zone, from, to];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const bins = HI_BIN_EDGES.map(
    (_, i) => `count(*) FILTER (WHERE ${hiBinSql('h.value')} = ${i})::int`,
  );
  const tiers = TIER_ANALYTES.map((a) => {
    const t = param(thresholds[a], 'float8');
    const c = param(commentAbove[a], 'float8');
    return `'${a}', json_build_object(${TIERS.map(
      (tier) => `'${tier}', count(*) FILTER (WHERE ${tierSql(tier, 'h.value', t, c)})`,
    ).join(', ')})`;
  });
  // The line's current results sampled from local midnight of `from` to that after `to`.
  const window = (r: string) => `${r}.line_id = $1 AND ${r}.is_current
      AND ${r}.sampled_at >= ($3::date::timestamp AT TIME ZONE $2)
      AND ${r}.sampled_at < (($4::date + 1)::timestamp AT TIME ZONE $2)`;
  const rows: (Omit<OutcomeDayRow, 'mean' | 'median' | 'p95' | 'max'> & {
    mean: number | string;
    median: number | string;
    p95: number | string;
    max: number | string;
  })[] = await manager.query(
    `WITH hi_days AS (
       SELECT (h.sampled_at AT TIME ZONE $2)::date AS day, count(*)::int AS samples,
              ${HI_FIGURES_SQL('h.value')}, max(h.value) AS max,
              ARRAY[${bins.join(', ')}] AS bins,
              json_build_object(${tiers.join(', ')}) AS tiers
         FROM lab_feed_results h
        WHERE ${window('h')} AND h.analyte = 'h_index' AND ${countingResultSql('h')}
        GROUP BY 1),
     analyte_days AS (
       SELECT (r.sampled_at AT TIME ZONE $2)::date AS day, r.analyte,
              count(*) FILTER (WHERE ${countingResultSql('r')})::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY r.value)
                FILTER (WHERE ${countingResultSql('r')}) AS median,
              count(*) FILTER (WHERE ${hemolysedReportedSql('r')})::int AS hemolysed_reported
         FROM lab_feed_results r
        WHERE ${window('r')} AND r.analyte IN ('potassium', 'ldh', 'asat', 'pfhb')
        GROUP BY 1, 2)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS date, d.samples, d.mean, d.median, d.p95, d.max,
            d.bins, d.tiers,
            coalesce((SELECT json_object_agg(a.analyte, json_build_object('n', a.n,
                        'median', a.median, 'hemolysed_reported', a.hemolysed_reported))
                        FROM analyte_days a WHERE a.day = d.day), '{}') AS analytes
       FROM hi_days d ORDER BY d.day`,
    params,
  );
  return rows.map((r) => ({
    ...r,
    mean: Number(r.mean),
    median: Number(r.median),
    p95: Number(r.p95),
    max: Number(r.max),
  }));
}

/** n and x (HI above the cut-off) of the lines' counting h_index samples in [start, end). */
export async function hiProportion(
  manager: EntityManager,
  lineIds: number[],
  start: Date,
  end: Date,
  cutoff: number,
): Promise<{ n: number; x: number }> {
  const [row]: { n: number; x: number }[] = await manager.query(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE r.value > $4)::int AS x
       FROM lab_feed_results r
      WHERE r.line_id = ANY($1::int[]) AND r.analyte = 'h_index' AND ${countingResultSql('r')}
        AND r.sampled_at >= $2 AND r.sampled_at < $3`,
    [lineIds, start, end, cutoff],
  );
  return row;
}
