/**
 * What the lab feed produces (lab-feed.md section 7): the zod schemas and types of the daily
 * outcomes, the outcome settings and the before/after test. Field names are the spec's.
 *
 * Routes (every one needs the institute's `hemolysisTracking` flag; readers read, owners, admins
 * and staff change the settings):
 *
 * - `GET /v2/lines/{id}/lab-outcomes` `?date__gte&date__lte` → `labOutcomes`: local dates, by
 *   default the 30 days to today, at most 366
 * - `GET`, `PUT /v2/institutes/{id}/lab-feed/settings` `labFeedSettingsUpdate` → `labFeedSettings`
 * - `GET /v2/institutes/{id}/lab-feed/before-after` `beforeAfterQuery` → `beforeAfter`
 *
 * Refusals: `{detail}` with the texts of `LAB_OUTCOME_MESSAGES`.
 */
import { z } from 'zod';
import { calendarDate, decimal, decimalParam, idList, intParam, isoDate, out } from './common';
import { TIER_ANALYTES } from '../lab-feed/outcomes';

export const LAB_OUTCOME_MESSAGES = {
  periodTooLong: 'The period is at most 366 days.',
  noSuchLine: 'No such line.',
  eitherAnalyteOrHi: 'Give either analyte or hi_above.',
  commentAbove: (analyte: string, threshold: number) =>
    `The comment cut-off of ${analyte} must be below its analyzer threshold (${threshold} mg/dL).`,
} as const;

/** The longest period of the daily outcomes, and the default one (days up to today). */
export const OUTCOME_PERIOD_MAX_DAYS = 366;
export const OUTCOME_PERIOD_DEFAULT_DAYS = 30;
/** The before/after test: lines, and days on each side (default 28). */
export const BEFORE_AFTER_LINES_MAX = 50;
export const BEFORE_AFTER_DAYS_MAX = 366;
export const BEFORE_AFTER_DAYS_DEFAULT = 28;
export const HI_ABOVE_MAX = 1000;

const perTierAnalyte = <T extends z.ZodType>(schema: T) =>
  z.object({ potassium: schema, ldh: schema, asat: schema });

export const labOutcomesQuery = z.object({
  date__gte: calendarDate().optional(),
  date__lte: calendarDate().optional(),
});
export type LabOutcomesParams = z.input<typeof labOutcomesQuery>;

const cutoff = z.object({ comment_above: out.number().nullable(), suppress_above: out.number() });

export const hiBin = z.object({
  lower: out.number(),
  upper: out.number().nullable(),
  count: out.int(),
});
export type HiBinDto = z.infer<typeof hiBin>;

const tierFractions = z.object({
  release: out.number(),
  comment: out.number(),
  suppress: out.number(),
  gross: out.number(),
});
export type TierFractionsDto = z.infer<typeof tierFractions>;

const analyteDay = z.object({
  n: out.int(),
  median: out.number().nullable(),
  hemolysed_reported: out.int(),
});

export const outcomeDay = z.object({
  date: isoDate,
  samples: out.int(),
  hi: z.object({
    mean: out.number(),
    median: out.number(),
    p95: out.number(),
    max: out.number(),
    bins: z.array(hiBin),
  }),
  tiers: perTierAnalyte(tierFractions),
  analytes: z.object({
    potassium: analyteDay,
    ldh: analyteDay,
    asat: analyteDay,
    pfhb: analyteDay,
  }),
});
export type OutcomeDayDto = z.infer<typeof outcomeDay>;

export const labOutcomes = z.object({
  line_id: out.int(),
  timezone: out.text(),
  gross_at: out.number(),
  cutoffs: perTierAnalyte(cutoff),
  days: z.array(outcomeDay),
});
export type LabOutcomesDto = z.infer<typeof labOutcomes>;

/** A comment cut-off as sent: any finite number or null (0 < c < t is the server's check). */
const commentAbove = decimal(-Number.MAX_VALUE, Number.MAX_VALUE, {
  error: 'Expected a number (mg/dL) or null.',
})
  .nullable()
  .default(null);

export const labFeedSettingsUpdate = z.object({
  comment_above: perTierAnalyte(commentAbove),
});
export type LabFeedSettingsUpdate = z.input<typeof labFeedSettingsUpdate>;

export const labFeedSettings = z.object({
  comment_above: perTierAnalyte(out.number().nullable()),
  suppress_above: perTierAnalyte(out.number()),
  gross_at: out.number(),
});
export type LabFeedSettingsDto = z.infer<typeof labFeedSettings>;

export const beforeAfterQuery = z.object({
  line_ids: idList.refine(
    (ids) => ids.length >= 1 && ids.length <= BEFORE_AFTER_LINES_MAX,
    LAB_OUTCOME_MESSAGES.noSuchLine,
  ),
  date: calendarDate(),
  days: intParam(1, BEFORE_AFTER_DAYS_MAX).default(BEFORE_AFTER_DAYS_DEFAULT),
  analyte: z.enum(TIER_ANALYTES, { error: LAB_OUTCOME_MESSAGES.eitherAnalyteOrHi }).optional(),
  hi_above: decimalParam(0, HI_ABOVE_MAX, LAB_OUTCOME_MESSAGES.eitherAnalyteOrHi)
    .refine((x) => x > 0, LAB_OUTCOME_MESSAGES.eitherAnalyteOrHi)
    .optional(),
});
export type BeforeAfterParams = z.input<typeof beforeAfterQuery>;

const beforeAfterSide = z.object({
  start: out.text(),
  end: out.text(),
  n: out.int(),
  x: out.int(),
  p: out.number().nullable(),
});

export const beforeAfter = z.object({
  line_ids: z.array(out.int()),
  date: isoDate,
  days: out.int(),
  analyte: z.enum(TIER_ANALYTES).nullable(),
  cutoff: out.number(),
  before: beforeAfterSide,
  after: beforeAfterSide,
  difference: out.number().nullable(),
  ci95: z.tuple([out.number(), out.number()]).nullable(),
  p_value: out.number().nullable(),
  test: z.literal('fisher_exact_two_sided'),
});
export type BeforeAfterDto = z.infer<typeof beforeAfter>;
