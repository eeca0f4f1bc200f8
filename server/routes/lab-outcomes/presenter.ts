import type {
  LabFeedSettingsDto,
  LabOutcomesDto,
  OutcomeDayDto,
} from '../../../shared/api/lab-outcomes';
import {
  GROSS_AT,
  hiBins,
  OUTCOME_ANALYTES,
  TIER_ANALYTES,
  TIERS,
  type Tier,
  type PerTierAnalyte,
  type TierAnalyte,
} from '../../../shared/lab-feed/outcomes';
import type { OutcomeDayRow } from '../../domain/lab-feed/outcomes-repository';

interface Cutoffs {
  commentAbove: PerTierAnalyte<number | null>;
  thresholds: PerTierAnalyte<number>;
}

const perTierAnalyte = <T>(of: (a: TierAnalyte) => T) =>
  Object.fromEntries(TIER_ANALYTES.map((a) => [a, of(a)])) as PerTierAnalyte<T>;

export const presentLabFeedSettings = ({
  commentAbove,
  thresholds,
}: Cutoffs): LabFeedSettingsDto => ({
  comment_above: commentAbove,
  suppress_above: perTierAnalyte((a) => thresholds[a]),
  gross_at: GROSS_AT,
});

/** A day's tier counts as fractions of its samples (adding up to 1). */
const fractions = (counts: Record<Tier, number>, samples: number) =>
  Object.fromEntries(TIERS.map((t) => [t, counts[t] / samples])) as Record<Tier, number>;

function presentDay(d: OutcomeDayRow): OutcomeDayDto {
  return {
    date: d.date,
    samples: d.samples,
    hi: { mean: d.mean, median: d.median, p95: d.p95, max: d.max, bins: hiBins(d.bins) },
    tiers: perTierAnalyte((a) => fractions(d.tiers[a], d.samples)),
    analytes: Object.fromEntries(
      OUTCOME_ANALYTES.map((a) => [
        a,
        d.analytes[a] ?? { n: 0, median: null, hemolysed_reported: 0 },
      ]),
    ) as OutcomeDayDto['analytes'],
  };
}

export function presentLabOutcomes(
  o: Cutoffs & { lineId: number; zone: string; days: OutcomeDayRow[] },
): LabOutcomesDto {
  return {
    line_id: o.lineId,
    timezone: o.zone,
    gross_at: GROSS_AT,
    cutoffs: perTierAnalyte((a) => ({
      comment_above: o.commentAbove[a],
      suppress_above: o.thresholds[a],
    })),
    days: o.days.map(presentDay),
  };
}
