import { BENCHMARK_MESSAGES } from '../../../../shared/api/benchmarks';
import { formatNumber, MISSING } from '../../../lib/format';
import type { BenchmarkLine, HemolysisBand, Indicator, LineBand } from '../api/types';

/** What a withheld group reads (section 9), and nothing else of it. */
export const WITHHELD_TEXT = BENCHMARK_MESSAGES.withheld;
export const PROVISIONAL_TEXT = BENCHMARK_MESSAGES.provisional;
export const NO_LINE_TEXT = BENCHMARK_MESSAGES.noLine;

export const INDICATOR_LABELS: Record<Indicator, string> = {
  pre_hemi: 'Pre-HemI',
  pre_hemr: 'Pre-HemR',
  rejected_ldh: 'Rejected LDH',
  rejected_asat: 'Rejected ASAT',
  rejected_potassium: 'Rejected potassium',
};

export const LINE_BAND_LABELS: Record<LineBand, string> = {
  satisfactory: 'Satisfactory',
  questionable: 'Questionable',
  unsatisfactory: 'Unsatisfactory',
};

/** IFCC WG-LEPS performance levels (lower rates are better). */
export const HEMOLYSIS_BAND_LABELS: Record<HemolysisBand, string> = {
  high: 'High performance',
  medium: 'Medium performance',
  low: 'Low performance',
};

export const STATUS_LABELS: Record<BenchmarkLine['status'], string> = {
  compared: 'Compared',
  no_group: 'No group shown',
  too_few_records: 'Fewer than 6 records',
  hand_carried: 'Hand-carried (not compared)',
};

export const REASON_LABELS = {
  too_few_institutes: 'Too few organizations',
  dominated: 'Dominated by one organization',
  differencing: 'Could be differenced',
  parent_withheld: 'Parent withheld',
} as const;

/** A rate (a fraction) in percent with two decimals: 0.0069 → '0.69%'. */
export const formatRate = (value: number | null) =>
  value === null ? MISSING : `${formatNumber(value * 100, 2)}%`;
