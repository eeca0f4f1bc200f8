/**
 * Peer benchmarking (peer-benchmarking.md, section 7): the zod schemas and types of every route's
 * input and answer. Field names are the spec's (snake_case).
 *
 * Routes:
 *
 * - `GET /v2/institutes/{id}/benchmarking` (anyone who may read the institute) → `benchmarkingOptIn`
 * - `PUT /v2/institutes/{id}/benchmarking` `benchmarkingOptInUpdate` → `benchmarkingOptIn` (owners
 *   and admins, and staff; others 403 `BENCHMARK_MESSAGES.optInForbidden`)
 * - `GET /v2/institutes/{id}/benchmarks` `?quarter` → `instituteBenchmarks` (any role of the
 *   institute, and staff). Refusals in this order: malformed quarter 422, another institute 404,
 *   not taking part 403 `notTakingPart`, a quarter not started in the institute's zone 422.
 * - `GET /v2/institutes/{id}/benchmarks/export` `?quarter&format=csv|xlsx|pdf` → the file
 * - `GET /v2/benchmarks` `?quarter` → `benchmarksOverview` (staff only)
 */
import { z } from 'zod';
import { out, text } from './common';

/** Disclosure control and inclusion constants (sections 3 and 5). */
export const BENCHMARK_K = 5;
export const BENCHMARK_MIN_RECORDS = 6;
export const BENCHMARK_MIN_MEASUREMENTS = 1000;

const QUARTER_PATTERN = /^[0-9]{4}Q[1-4]$/;
const MIN_QUARTER_YEAR = 2000;

export const BENCHMARK_MESSAGES = {
  quarter: 'Expected a quarter such as 2026Q3.',
  /** `{quarter}` is the quarter's own name. */
  notStarted: (quarter: string) => `${quarter} has not started yet.`,
  notTakingPart:
    'This organization does not take part in peer benchmarking. An owner or admin can switch it on in the organization settings, under Peer benchmarking.',
  optInForbidden: 'Only an owner or admin of the organization can change peer benchmarking.',
  /** A withheld group, on the screen and in the PDF (section 9); nothing else of it. */
  withheld: 'Not shown: too few organizations, or figures that could single one out.',
  /** A quarter whose answer says `complete: false` (section 9). */
  provisional: 'Provisional: this quarter is not over.',
  /** No line of the institute takes part in the quarter (section 9). */
  noLine: 'No line has 6 records in this quarter yet.',
  /** What the switch says is shared before it is turned on (section 1). */
  whatIsShared:
    'Each quarter, the median VitalMetric of each of your lines with at least 6 records, their length class and PTS make, and your hemolysis rates are pooled with other organizations. No one outside your organization sees your names or your figures; they see only figures of groups of at least 5 organizations.',
} as const;

/** Whether a text names a quarter: `YYYYQn`, year ≥ 2000. */
export const isQuarter = (q: string): boolean =>
  QUARTER_PATTERN.test(q) && Number(q.slice(0, 4)) >= MIN_QUARTER_YEAR;

/**
 * A quarter in a query string. Its form is checked by the service, first of every check and as
 * the spec's `value_error` (`isQuarter`); the schema bounds the text.
 */
export const quarter = text();

export const benchmarksQuery = z.object({ quarter: quarter.optional() });
export type BenchmarksQuery = z.output<typeof benchmarksQuery>;

export const BENCHMARK_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type BenchmarkExportFormat = (typeof BENCHMARK_EXPORT_FORMATS)[number];
export const benchmarksExportQuery = benchmarksQuery.extend({
  format: z.enum(BENCHMARK_EXPORT_FORMATS),
});
export type BenchmarksExportQuery = z.output<typeof benchmarksExportQuery>;

export const benchmarkingOptInUpdate = z.object({ opt_in: z.boolean() });
export type BenchmarkingOptInUpdate = z.infer<typeof benchmarkingOptInUpdate>;

export const benchmarkingOptIn = z.object({
  opt_in: out.bool(),
  /** When the switch last changed; null when it never did. */
  changed_at: out.text().nullable(),
  changed_by: z.object({ id: out.int().nullable(), email: out.text().nullable() }).nullable(),
});
export type BenchmarkingOptInDto = z.infer<typeof benchmarkingOptIn>;

export const INSTITUTE_KINDS = ['pts', 'courier'] as const;
export type InstituteKind = (typeof INSTITUTE_KINDS)[number];
export const GROUP_LEVELS = ['kind', 'length', 'vendor'] as const;
export type GroupLevel = (typeof GROUP_LEVELS)[number];
export const LENGTH_CLASSES = ['short', 'medium', 'long'] as const;
export type LengthClass = (typeof LENGTH_CLASSES)[number];
export const WITHHELD_REASONS = [
  'too_few_institutes',
  'dominated',
  'differencing',
  'parent_withheld',
] as const;
export type WithheldReason = (typeof WITHHELD_REASONS)[number];
export const LINE_STATUSES = ['compared', 'no_group', 'too_few_records', 'hand_carried'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
export const LINE_BANDS = ['satisfactory', 'questionable', 'unsatisfactory'] as const;
export type LineBand = (typeof LINE_BANDS)[number];
export const HEMOLYSIS_STATUSES = ['compared', 'no_group', 'too_few_measurements'] as const;
export type HemolysisStatus = (typeof HEMOLYSIS_STATUSES)[number];
export const HEMOLYSIS_BANDS = ['high', 'medium', 'low'] as const;
export type HemolysisBand = (typeof HEMOLYSIS_BANDS)[number];
/** In the order of section 3's table. */
export const INDICATORS = [
  'pre_hemi',
  'pre_hemr',
  'rejected_ldh',
  'rejected_asat',
  'rejected_potassium',
] as const;
export type Indicator = (typeof INDICATORS)[number];

export const percentiles = z.object({
  p10: out.number(),
  p25: out.number(),
  p50: out.number(),
  p75: out.number(),
  p90: out.number(),
});
export type PercentilesDto = z.infer<typeof percentiles>;

/** A group of a line's chain; a withheld one carries only key, level, kind, classes and label. */
export const benchmarkGroup = z.object({
  key: out.text(),
  level: z.enum(GROUP_LEVELS),
  kind: z.enum(INSTITUTE_KINDS),
  length_class: z.enum(LENGTH_CLASSES).nullable(),
  manufacturer: out.text().nullable(),
  label: out.text(),
  shown: out.bool(),
  n_institutes: out.int().nullable(),
  n_lines: out.int().nullable(),
  robust_mean: out.number().nullable(),
  robust_sd: out.number().nullable(),
  percentiles: percentiles.nullable(),
});
export type BenchmarkGroupDto = z.infer<typeof benchmarkGroup>;

export const benchmarkLine = z.object({
  line_id: out.int(),
  line_name: out.text(),
  length_class: z.enum(LENGTH_CLASSES).nullable(),
  manufacturer: out.text().nullable(),
  records: out.int(),
  value: out.number().nullable(),
  status: z.enum(LINE_STATUSES),
  group: out.text().nullable(),
  z: out.number().nullable(),
  percentile: out.number().nullable(),
  quintile: out.int().nullable(),
  band: z.enum(LINE_BANDS).nullable(),
});
export type BenchmarkLineDto = z.infer<typeof benchmarkLine>;

export const benchmarkIndicator = z.object({
  indicator: z.enum(INDICATORS),
  /** The cut-off, mg/dL. */
  cutoff: out.number(),
  count: out.int(),
  value: out.number().nullable(),
  band: z.enum(HEMOLYSIS_BANDS).nullable(),
  robust_mean: out.number().nullable(),
  robust_sd: out.number().nullable(),
  percentiles: percentiles.nullable(),
  z: out.number().nullable(),
  percentile: out.number().nullable(),
  quintile: out.int().nullable(),
});
export type BenchmarkIndicatorDto = z.infer<typeof benchmarkIndicator>;

export const instituteBenchmarks = z.object({
  institute: out.int(),
  kind: z.enum(INSTITUTE_KINDS),
  quarter: out.text(),
  start: out.text(),
  end: out.text(),
  complete: out.bool(),
  computed_at: out.text(),
  k: out.int(),
  min_records: out.int(),
  min_measurements: out.int(),
  groups: z.array(benchmarkGroup),
  lines: z.array(benchmarkLine),
  hemolysis: z.object({
    measurements: out.int(),
    status: z.enum(HEMOLYSIS_STATUSES),
    group: z.object({
      key: z.enum(INSTITUTE_KINDS),
      label: out.text(),
      shown: out.bool(),
      n_institutes: out.int().nullable(),
    }),
    indicators: z.array(benchmarkIndicator),
  }),
});
export type InstituteBenchmarksDto = z.infer<typeof instituteBenchmarks>;

/** The staff overview (section 7). */
export const overviewGroup = benchmarkGroup.extend({
  reason: z.enum(WITHHELD_REASONS).nullable(),
  n_institutes: out.int(),
  n_lines: out.int(),
  institutes: z.array(z.object({ id: out.int(), name: out.text(), n_lines: out.int() })),
});
export type OverviewGroupDto = z.infer<typeof overviewGroup>;

export const overviewHemolysisGroup = z.object({
  key: z.enum(INSTITUTE_KINDS),
  kind: z.enum(INSTITUTE_KINDS),
  label: out.text(),
  shown: out.bool(),
  reason: z.enum(WITHHELD_REASONS).nullable(),
  n_institutes: out.int(),
  institutes: z.array(z.object({ id: out.int(), name: out.text(), measurements: out.int() })),
  indicators: z
    .record(
      z.enum(INDICATORS),
      z.object({
        robust_mean: out.number(),
        robust_sd: out.number(),
        percentiles,
      }),
    )
    .nullable(),
});
export type OverviewHemolysisGroupDto = z.infer<typeof overviewHemolysisGroup>;

export const benchmarksOverview = z.object({
  quarter: out.text(),
  computed_at: out.text(),
  k: out.int(),
  participants: z.array(
    z.object({
      id: out.int(),
      name: out.text(),
      kind: z.enum(INSTITUTE_KINDS),
      timezone: out.text(),
    }),
  ),
  groups: z.array(overviewGroup),
  hemolysis_groups: z.array(overviewHemolysisGroup),
});
export type BenchmarksOverviewDto = z.infer<typeof benchmarksOverview>;
