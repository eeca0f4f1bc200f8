/**
 * Comparison studies (method-comparison.md, sections 2, 4 and 5): the zod schemas and types of
 * every route's input and output. Field names are the spec's (snake_case).
 *
 * Routes (every one needs the institute's `clinicalData` flag; guests read, owners, admins and
 * members write, an owner or admin who is not the author approves; staff everything):
 *
 * - `GET  /v2/institutes/{id}/comparison-studies` `?page&size` → `comparisonStudyPage`, newest first
 * - `POST /v2/institutes/{id}/comparison-studies` `comparisonStudyCreate` → 201 `comparisonStudy`
 * - `GET  /v2/institutes/{id}/comparison-studies/suggested-lines` → `suggestedLines`: the three
 *   lines with the highest median VitalMetric over their included, processed records of the last
 *   90 days (spec section 2, "Suggested lines"), roughest first
 * - `GET    /v2/comparison-studies/{id}` → `comparisonStudy`
 * - `PATCH  /v2/comparison-studies/{id}` `comparisonStudyUpdate` → `comparisonStudy` (409 when approved)
 * - `DELETE /v2/comparison-studies/{id}` → 204 (409 when approved)
 * - `GET  /v2/comparison-studies/{id}/results` → `comparisonResults` (section 4)
 * - `GET  /v2/comparison-studies/{id}/pairs` `?analyte&page&size` → `comparisonPairPage`: every
 *   pair of the study (the excluded ones too, with their exclusion), for the screens' pairs table
 *   and plots; an approved study's are its frozen pairs
 * - `POST /v2/comparison-studies/{id}/exclusions` `exclusionCreate` → 201 `exclusion`
 * - `DELETE /v2/comparison-studies/{id}/exclusions/{exclusion_id}` → 204
 * - `POST /v2/comparison-studies/{id}/approve` → `comparisonStudy` (403 for the author)
 * - `GET  /v2/comparison-studies/{id}/report` → the PDF (A4; "Draft" on each page of a draft)
 * - `GET  /v2/comparison-studies/{id}/export?format=csv|xlsx` → the pairs, then the results table
 * - `POST /v2/comparison-studies/sample-size` `sampleSizeQuestion` → `sampleSizeAnswer`
 *
 * Refusals: `{detail}` with the texts of `COMPARISON_MESSAGES`.
 */
import { z } from 'zod';
import {
  calendarDate,
  decimal,
  id,
  idParam,
  intParam,
  isoDate,
  out,
  pageQuery,
  text,
} from './common';
import { exportFormatQuery } from './exports';
import { FUTURE_DATE, TO_BEFORE_FROM } from '../domain/dates';

/** The analytes a study may compare, in the spec's order (as clinical data names them). */
export const STUDY_ANALYTES = ['h_index', 'ldh', 'asat', 'potassium', 'pfhb'] as const;
export type StudyAnalyte = (typeof STUDY_ANALYTES)[number];

export const STUDY_STATUSES = ['draft', 'approved'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

export const CONFIDENCES = [0.9, 0.95, 0.99] as const;
export const CRITERION_TYPES = ['allowable_bias', 'biological_variation', 'rcv'] as const;
export const SCALES = ['absolute', 'percent'] as const;
export const BIOLOGICAL_VARIATION_LEVELS = ['optimum', 'desirable', 'minimum'] as const;
export const RCV_Z = [1.65, 1.96] as const;
export const VERDICTS = [
  'acceptable',
  'not_acceptable',
  'inconclusive',
  'too_few_pairs',
  'not_computable',
] as const;
export type StudyVerdict = (typeof VERDICTS)[number];

/** Bounds of a study's fields (spec section 2). */
export const STUDY_LIMITS = {
  nameMax: 255,
  linesMin: 1,
  linesMax: 50,
  analytesMin: 1,
  analytesMax: 5,
  decisionLevelsMax: 5,
  reasonMax: 500,
  labelsMax: 1000,
} as const;

/** The refusals' texts, word for word from the spec where it gives them. */
export const COMPARISON_MESSAGES = {
  nameRequired: 'A name is required.',
  nameTooLong: `A name has at most ${STUDY_LIMITS.nameMax} characters.`,
  nameTaken: 'A study with this name already exists.',
  approvedUnchangeable: 'An approved study cannot be changed.',
  approverIsAuthor: 'A study is approved by someone other than its author.',
  expectedBiasTooLarge: 'The expected bias must be smaller than the limit.',
  linesRequired: 'Choose at least one line.',
  tooManyLines: `Choose at most ${STUDY_LIMITS.linesMax} lines.`,
  /** A line id that is not a line of the study's institute (as clinical data's line). */
  noSuchLine: 'Choose a line of this organization.',
  noSuchLabel: 'No such label.',
  /** An exclusion naming an entry that is not clinical data of the study's institute. */
  noSuchEntry: 'Choose clinical data of this organization.',
  alreadyExcluded: 'This entry is already excluded for this analyte.',
  analytesRequired: 'Choose at least one analyte.',
  tooManyAnalytes: `Choose at most ${STUDY_LIMITS.analytesMax} analytes.`,
  analyteTwice: 'Each analyte may appear once.',
  tooManyDecisionLevels: `Give at most ${STUDY_LIMITS.decisionLevelsMax} decision levels.`,
  reasonRequired: 'A reason is required.',
  reasonTooLong: `A reason has at most ${STUDY_LIMITS.reasonMax} characters.`,
  positive: 'Expected a number greater than 0.',
  /** `date__lt` must come after `date__gte` (shared/domain/dates.ts's wording). */
  dateOrder: TO_BEFORE_FROM,
  /** `date__gte` may not be after the institute's today (shared/domain/dates.ts's wording). */
  futureStart: FUTURE_DATE,
} as const;

/** The largest value a number of a study may hold (a limit, a CV, a decision level). */
const VALUE_MAX = 1e9;

/** A number > 0 (the spec's "> 0"), bounded. */
const positive = (max = VALUE_MAX) =>
  decimal(0, max).refine((v) => v > 0, COMPARISON_MESSAGES.positive);

/** One of a few numbers (confidence, z). */
const oneOf = <const T extends readonly [number, ...number[]]>(values: T, message: string) =>
  z.union(
    values.map((v) => z.literal(v, { error: message })) as unknown as [
      z.ZodLiteral<T[number]>,
      z.ZodLiteral<T[number]>,
      ...z.ZodLiteral<T[number]>[],
    ],
    { error: message },
  );

/** `allowable_bias`: L = limit, on the scale it names. */
export const allowableBiasCriterion = z.object({
  type: z.literal('allowable_bias'),
  scale: z.enum(SCALES),
  /** L, in the analyte's unit (absolute) or in percent (percent); > 0. */
  limit: positive(),
});

/** `biological_variation`: L = f·√(cvi² + cvg²) % with f = 0.125, 0.25, 0.375 by level. */
export const biologicalVariationCriterion = z.object({
  type: z.literal('biological_variation'),
  /** Within-subject biological variation, %; > 0. */
  cvi: positive(1000),
  /** Between-subject biological variation, %; > 0. */
  cvg: positive(1000),
  level: z.enum(BIOLOGICAL_VARIATION_LEVELS).default('desirable'),
});

/** `rcv`: L = RCV = √2·z·√(cva² + cvi²) %. */
export const rcvCriterion = z.object({
  type: z.literal('rcv'),
  /** Analytical variation, %; > 0. */
  cva: positive(1000),
  /** Within-subject biological variation, %; > 0. */
  cvi: positive(1000),
  z: oneOf(RCV_Z, 'Expected z = 1.65 or 1.96.').default(1.96),
});

/** A study's acceptance criterion for one analyte (spec section 4). */
export const criterion = z.discriminatedUnion('type', [
  allowableBiasCriterion,
  biologicalVariationCriterion,
  rcvCriterion,
]);
export type CriterionInput = z.input<typeof criterion>;
/** A criterion with its defaults filled (what the server stores and answers). */
export type CriterionDto = z.output<typeof criterion>;

/** One analyte of a study: its criterion and its decision levels (0–5 values ≥ 0, its unit). */
export const studyAnalyte = z.object({
  analyte: z.enum(STUDY_ANALYTES),
  criterion,
  decision_levels: z
    .array(decimal(0, VALUE_MAX))
    .max(STUDY_LIMITS.decisionLevelsMax, COMPARISON_MESSAGES.tooManyDecisionLevels)
    .default([]),
});
export type StudyAnalyteInput = z.input<typeof studyAnalyte>;
export type StudyAnalyteDto = z.output<typeof studyAnalyte>;

const name = text({ error: COMPARISON_MESSAGES.nameRequired })
  .trim()
  .min(1, COMPARISON_MESSAGES.nameRequired)
  .max(STUDY_LIMITS.nameMax, COMPARISON_MESSAGES.nameTooLong);

const lineIds = z
  .array(id({ error: COMPARISON_MESSAGES.noSuchLine }), {
    error: COMPARISON_MESSAGES.linesRequired,
  })
  .min(STUDY_LIMITS.linesMin, COMPARISON_MESSAGES.linesRequired)
  .max(STUDY_LIMITS.linesMax, COMPARISON_MESSAGES.tooManyLines);

const analytes = z
  .array(studyAnalyte, { error: COMPARISON_MESSAGES.analytesRequired })
  .min(STUDY_LIMITS.analytesMin, COMPARISON_MESSAGES.analytesRequired)
  .max(STUDY_LIMITS.analytesMax, COMPARISON_MESSAGES.tooManyAnalytes)
  .refine(
    (list) => new Set(list.map((a) => a.analyte)).size === list.length,
    COMPARISON_MESSAGES.analyteTwice,
  );

/** Whether a study's date range is in order: `date__lt` after `date__gte` (YYYY-MM-DD as text). */
export const isDateOrder = (range: { date__gte: string; date__lt: string }): boolean =>
  range.date__lt > range.date__gte;

const studyFields = {
  /** 1–255 characters, unique in the institute (case-insensitively). */
  name,
  /** 1–50 lines of the institute (duplicates are dropped). */
  line_ids: lineIds,
  /** Entries whose `date` falls in [date__gte, date__lt). */
  date__gte: calendarDate(),
  date__lt: calendarDate(),
  /** Only entries carrying all these labels (label ids of the institute); [] for no filter. */
  labels: z.array(id({ error: COMPARISON_MESSAGES.noSuchLabel })).max(STUDY_LIMITS.labelsMax),
  /** 0.90, 0.95 or 0.99. */
  confidence: oneOf(CONFIDENCES, 'Expected a confidence of 0.9, 0.95 or 0.99.'),
  /** Deming's λ: the reference's measurement error variance over the test's; > 0. */
  error_ratio: positive(1e6),
  /** 1–5 analytes, each once, in the order the results and report follow. */
  analytes,
};

export const comparisonStudyCreate = z
  .object({
    ...studyFields,
    labels: studyFields.labels.default([]),
    confidence: studyFields.confidence.default(0.95),
    error_ratio: studyFields.error_ratio.default(1),
  })
  .refine(isDateOrder, { message: COMPARISON_MESSAGES.dateOrder, path: ['date__lt'] });
export type ComparisonStudyCreate = z.input<typeof comparisonStudyCreate>;
export type ComparisonStudyCreateData = z.output<typeof comparisonStudyCreate>;

/** Any of the fields; the dates are checked against each other once merged with the study's. */
export const comparisonStudyUpdate = z.object(studyFields).partial();
export type ComparisonStudyUpdate = z.input<typeof comparisonStudyUpdate>;
export type ComparisonStudyUpdateData = z.output<typeof comparisonStudyUpdate>;

/** A user a study names: id null once the account is gone, the name kept. */
export const studyUser = z.object({ id: out.int().nullable(), name: out.text() });

/** One exclusion: an entry left out of the study for one analyte, or (analyte null) for all. */
export const exclusion = z.object({
  id: out.int(),
  /** The clinical-data entry's id. */
  clinical_data: out.int(),
  analyte: z.enum(STUDY_ANALYTES).nullable(),
  reason: out.text(),
  created_by: studyUser.nullable(),
  created_at: out.text(),
});
export type ExclusionDto = z.infer<typeof exclusion>;

export const exclusionCreate = z.object({
  /** An entry of the study's institute (422 `noSuchEntry` otherwise). */
  clinical_data: id({ error: COMPARISON_MESSAGES.noSuchEntry }),
  /** Null (the default) excludes the entry for every analyte. */
  analyte: z.enum(STUDY_ANALYTES).nullable().default(null),
  reason: text({ error: COMPARISON_MESSAGES.reasonRequired })
    .trim()
    .min(1, COMPARISON_MESSAGES.reasonRequired)
    .max(STUDY_LIMITS.reasonMax, COMPARISON_MESSAGES.reasonTooLong),
});
export type ExclusionCreate = z.input<typeof exclusionCreate>;

export const exclusionParams = z.object({ id: idParam, exclusion_id: idParam });

/** The verdict of one analyte's all-lines group (the list's chips). */
export const analyteVerdict = z.object({
  analyte: z.enum(STUDY_ANALYTES),
  verdict: z.enum(VERDICTS),
  pairs_needed: out.int().nullable(),
});

export const comparisonStudy = z.object({
  id: out.int(),
  institute: out.int(),
  name: out.text(),
  line_ids: z.array(out.int()),
  date__gte: isoDate,
  date__lt: isoDate,
  labels: z.array(out.int()),
  confidence: out.number(),
  error_ratio: out.number(),
  analytes: z.array(
    z.object({
      analyte: z.enum(STUDY_ANALYTES),
      criterion: z.discriminatedUnion('type', [
        z.object({ type: z.literal('allowable_bias'), scale: z.enum(SCALES), limit: out.number() }),
        z.object({
          type: z.literal('biological_variation'),
          cvi: out.number(),
          cvg: out.number(),
          level: z.enum(BIOLOGICAL_VARIATION_LEVELS),
        }),
        z.object({ type: z.literal('rcv'), cva: out.number(), cvi: out.number(), z: out.number() }),
      ]),
      decision_levels: z.array(out.number()),
    }),
  ),
  status: z.enum(STUDY_STATUSES),
  /** The author: who created the study. */
  created_by: studyUser.nullable(),
  created_at: out.text(),
  updated_at: out.text(),
  /** Who approved it and when; null for a draft. */
  approved_by: studyUser.nullable(),
  approved_at: out.text().nullable(),
  /** The study's exclusions, oldest first. */
  exclusions: z.array(exclusion),
  /** Each analyte's verdict over all the study's lines, in the study's order. */
  verdicts: z.array(analyteVerdict),
});
export type ComparisonStudyDto = z.infer<typeof comparisonStudy>;

/** The list: newest first, zero-based `page`, `size` (default 20). */
export const comparisonStudyListQuery = pageQuery.omit({ ordering: true });
export type ComparisonStudyListQuery = z.output<typeof comparisonStudyListQuery>;
export const comparisonStudyPage = z.object({
  items: z.array(comparisonStudy),
  total: out.int(),
});

/** The institute's roughest lines, suggested for paired samples (at most three, roughest first). */
export const suggestedLines = z.object({
  line_ids: z.array(out.int()),
  items: z.array(
    z.object({
      line_id: out.int(),
      line_name: out.text(),
      /** The median VitalMetric (AUC) of its included, processed records of the last 90 days. */
      median_vital_metric: out.number(),
      /** How many such records. */
      records: out.int(),
    }),
  ),
});
export type SuggestedLinesDto = z.infer<typeof suggestedLines>;

/** An interval whose bounds may not exist (null, never NaN or ±Infinity). */
const interval = z.tuple([out.number().nullable(), out.number().nullable()]);

/** Bland-Altman figures of one scale (section 3.1). */
export const blandAltman = z.object({
  n: out.int(),
  bias: out.number(),
  sd: out.number(),
  bias_ci: interval,
  loa_lower: out.number(),
  loa_lower_ci: interval,
  loa_upper: out.number(),
  loa_upper_ci: interval,
});

/** One group of pairs: a (line, analyte) or, `line_id` null, an analyte over all the lines. */
export const comparisonGroup = z.object({
  line_id: out.int().nullable(),
  line_name: out.text().nullable(),
  analyte: z.enum(STUDY_ANALYTES),
  unit: out.text(),
  /** The pairs the figures use. */
  n: out.int(),
  /** The pairs of the group excluded (for this analyte or for all). */
  excluded: out.int(),
  bland_altman: z.object({ absolute: blandAltman.nullable(), percent: blandAltman.nullable() }),
  paired_t: z.object({ t: out.number(), df: out.number(), p: out.number() }).nullable(),
  wilcoxon: z.object({ v: out.number(), p: out.number(), exact: out.bool() }).nullable(),
  passing_bablok: z
    .object({
      slope: out.number(),
      slope_ci: interval,
      intercept: out.number(),
      intercept_ci: interval,
    })
    .nullable(),
  deming: z
    .object({
      error_ratio: out.number(),
      slope: out.number(),
      slope_ci: interval,
      intercept: out.number(),
      intercept_ci: interval,
    })
    .nullable(),
  decision_levels: z.array(
    z.object({
      x: out.number(),
      bias_passing_bablok: out.number().nullable(),
      bias_deming: out.number().nullable(),
      bias_deming_ci: interval,
    }),
  ),
  /** The limit L on the scale the criterion names. */
  criterion: z.object({
    type: z.enum(CRITERION_TYPES),
    scale: z.enum(SCALES),
    limit: out.number(),
  }),
  verdict: z.enum(VERDICTS),
  /** For an inconclusive bias verdict, the pairs m the study should have; else null. */
  pairs_needed: out.int().nullable(),
  /** Clinical-data ids whose absolute difference lies outside [loa_lower, loa_upper]. */
  outliers: z.array(out.int()),
});
export type ComparisonGroupDto = z.infer<typeof comparisonGroup>;

export const comparisonResults = z.object({
  study: out.int(),
  status: z.enum(STUDY_STATUSES),
  /** When the figures were computed (an approved study's: its approval). */
  computed_at: out.text(),
  created_by: studyUser.nullable(),
  approved_by: studyUser.nullable(),
  approved_at: out.text().nullable(),
  /** By analyte in the study's order, then line name, the all-lines group last. */
  groups: z.array(comparisonGroup),
});
export type ComparisonResultsDto = z.infer<typeof comparisonResults>;

/** The pairs list: one analyte's, or every analyte's (in the study's order). */
export const comparisonPairQuery = z.object({
  analyte: z.enum(STUDY_ANALYTES).optional(),
  page: intParam(0, 1_000_000).default(0),
  size: intParam(1, 500_000).default(500_000),
});
export type ComparisonPairQuery = z.output<typeof comparisonPairQuery>;

/** One pair: an entry's reference and test values of one analyte. */
export const comparisonPair = z.object({
  clinical_data: out.int(),
  date: isoDate,
  /** The line of the entry (its own, else its record's). */
  line_id: out.int(),
  line_name: out.text(),
  analyte: z.enum(STUDY_ANALYTES),
  /** `<analyte>_baseline`, the hand-carried value. */
  reference: out.number(),
  /** `<analyte>`, the transported value. */
  test: out.number(),
  /** test − reference, in the analyte's unit. */
  difference: out.number(),
  /** 100·(test − reference)/reference; null when reference ≤ 0. */
  percent_difference: out.number().nullable(),
  /** The exclusion that leaves this pair out (one for this analyte, else one for all), or null. */
  exclusion: z
    .object({
      id: out.int(),
      analyte: z.enum(STUDY_ANALYTES).nullable(),
      reason: out.text(),
    })
    .nullable(),
});
export type ComparisonPairDto = z.infer<typeof comparisonPair>;
export const comparisonPairPage = z.object({ items: z.array(comparisonPair), total: out.int() });

/** The study's export: `format=csv|xlsx`. */
export const comparisonExportQuery = exportFormatQuery;

/** Planning before any pair exists (section 4). */
export const sampleSizeQuestion = z.object({
  /** The expected standard deviation of the differences, on the criterion's scale; ≥ 0. */
  sd: decimal(0, VALUE_MAX),
  /** L, on the same scale; > 0. */
  limit: positive(),
  expected_bias: decimal(-VALUE_MAX, VALUE_MAX).default(0),
  confidence: oneOf(CONFIDENCES, 'Expected a confidence of 0.9, 0.95 or 0.99.').default(0.95),
});
export type SampleSizeQuestion = z.input<typeof sampleSizeQuestion>;
/** The pairs to plan for (m ≥ 10); null when no m ≤ 10,000 does it. */
export const sampleSizeAnswer = z.object({ pairs: out.int().nullable() });
export type SampleSizeAnswer = z.infer<typeof sampleSizeAnswer>;
