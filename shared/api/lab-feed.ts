/**
 * The lab feed (lab-feed.md sections 6 and 8): zod schemas and types of the mappings, the
 * needs-mapping inbox, the status, the messages, the results and the retry. Field names are the
 * spec's (snake_case). Every route needs the institute's `hemolysisTracking` flag (staff pass).
 *
 * - `POST /v2/institutes/{id}/lab-feed/hl7` one HL7 v2 message → 200 the ACK (text)
 * - `POST /v2/institutes/{id}/lab-feed/fhir` a FHIR R4 Bundle → 200 the response Bundle
 * - `GET, POST /v2/institutes/{id}/lab-feed/locations`; `PATCH, DELETE /v2/lab-feed/locations/{id}`
 * - `GET, POST /v2/institutes/{id}/lab-feed/codes`; `PATCH, DELETE /v2/lab-feed/codes/{id}`
 * - `GET /v2/institutes/{id}/lab-feed/pending` → `pendingGroups`
 * - `GET /v2/institutes/{id}/lab-feed/status` → `labFeedStatus`
 * - `GET /v2/institutes/{id}/lab-feed/messages` `messagesQuery` → `messagePage`
 * - `GET /v2/institutes/{id}/lab-feed/results` `resultsQuery` → `resultPage`
 * - `POST /v2/institutes/{id}/lab-feed/messages/retry` `retryInput` → `retryAnswer`
 *
 * Readers read; owners, admins and staff write mappings and retry (`LAB_FEED_WRITE_DENIED`).
 */
import { z } from 'zod';
import {
  LAB_FEED_ANALYTES,
  PENDING_REASONS,
  RESULT_STATUSES,
  UNIT_FACTOR_MAX,
  UNITS_PER_CODE_MAX,
  CODE_LIMITS,
} from '../domain/lab-feed';
import { decimal, id, idParam, instant, out, pageQuery, paginated, text } from './common';

export const LAB_FEED_MESSAGES = {
  locationTaken: 'This location code is already mapped.',
  codeTaken: 'This result code is already mapped.',
  noSuchLine: 'Choose a line of this organization that is not archived.',
  badFactor: 'A unit factor is a number above 0 and at most 1000000.',
  tooManyUnits: `A code has at most ${UNITS_PER_CODE_MAX} unit factors.`,
  tooManyMappings: 'An organization has at most 10,000 mappings of each kind.',
  onlyRejected: 'Only a rejected message can be retried.',
  hl7MediaType: 'Send one HL7 v2 message as application/hl7-v2+er7.',
  hl7TooLarge: 'A message is at most 1 MiB.',
  fhirMediaType: 'Send a FHIR R4 Bundle as application/fhir+json.',
  fhirTooLarge: 'A bundle is at most 5 MiB.',
} as const;

export const MESSAGE_SOURCES = ['hl7', 'fhir'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];
export const MESSAGE_STATES = ['accepted', 'rejected', 'superseded'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const RESULT_STATES = ['filed', 'pending'] as const;
export type ResultState = (typeof RESULT_STATES)[number];
export const RESULT_FLAGS = ['hemolysed', 'non_numeric'] as const;

const lineRef = z.object({ id: out.int(), name: out.text() });

/* ---------- Locations ---------- */

/** The location code as received (exact; "" = none sent). */
const locationCode = text().max(CODE_LIMITS.code);

export const locationCreate = z.object({
  code: locationCode,
  /** A line of the organization, not archived; null: ignore the location's results. */
  line: id({ error: LAB_FEED_MESSAGES.noSuchLine }).nullable(),
});
export type LocationCreate = z.infer<typeof locationCreate>;
export const locationUpdate = locationCreate.partial();
export type LocationUpdate = z.infer<typeof locationUpdate>;

export const locationMapping = z.object({
  id: out.int(),
  code: out.text(),
  line: lineRef.nullable(),
  created_at: out.text(),
  updated_at: out.text(),
});
export type LocationMappingDto = z.infer<typeof locationMapping>;
export const locationList = z.object({ items: z.array(locationMapping), total: out.int() });

/** A mapping write's answer: the mapping and how many results it re-filed. */
export const locationWrite = locationMapping.extend({ refiled: out.int() });
export type LocationWriteDto = z.infer<typeof locationWrite>;

/* ---------- Result codes ---------- */

const factor = decimal(0, UNIT_FACTOR_MAX, {
  error: LAB_FEED_MESSAGES.badFactor,
  low: LAB_FEED_MESSAGES.badFactor,
  high: LAB_FEED_MESSAGES.badFactor,
}).refine((v) => v > 0, LAB_FEED_MESSAGES.badFactor);

/** `{unit: factor}`, the unit normalised (section 5), before the built-in table. */
const units = z
  .record(text().max(CODE_LIMITS.unit), factor)
  .refine((u) => Object.keys(u).length <= UNITS_PER_CODE_MAX, LAB_FEED_MESSAGES.tooManyUnits);

export const codeCreate = z.object({
  system: text().max(CODE_LIMITS.system),
  code: text().min(1).max(CODE_LIMITS.code),
  /** null: ignore the code's results. */
  analyte: z.enum(LAB_FEED_ANALYTES).nullable(),
  units: units.default({}),
});
export type CodeCreate = z.input<typeof codeCreate>;
export const codeUpdate = z.object({
  system: codeCreate.shape.system.optional(),
  code: codeCreate.shape.code.optional(),
  analyte: codeCreate.shape.analyte.optional(),
  units: units.optional(),
});
export type CodeUpdate = z.infer<typeof codeUpdate>;

export const codeMapping = z.object({
  id: out.int(),
  system: out.text(),
  code: out.text(),
  analyte: z.enum(LAB_FEED_ANALYTES).nullable(),
  units: z.record(out.text(), out.number()),
  created_at: out.text(),
  updated_at: out.text(),
});
export type CodeMappingDto = z.infer<typeof codeMapping>;
export const codeList = z.object({ items: z.array(codeMapping), total: out.int() });
export const codeWrite = codeMapping.extend({ refiled: out.int() });
export type CodeWriteDto = z.infer<typeof codeWrite>;

/** A mapping deletion's answer. */
export const mappingDeleted = z.object({ refiled: out.int() });
export type MappingDeletedDto = z.infer<typeof mappingDeleted>;

/* ---------- Needs mapping ---------- */

export const pendingGroup = z.object({
  kind: z.enum(PENDING_REASONS),
  location: out.text(),
  system: out.text(),
  code: out.text(),
  /** The unit as sent. */
  unit: out.text().nullable(),
  text: out.text(),
  results: out.int(),
  first_received_at: out.text(),
  last_received_at: out.text(),
});
export type PendingGroupDto = z.infer<typeof pendingGroup>;
/** Most results first. */
export const pendingGroups = z.object({ items: z.array(pendingGroup) });
export type PendingGroupsDto = z.infer<typeof pendingGroups>;

/* ---------- Status ---------- */

export const feedDay = z.object({
  date: out.text(),
  accepted: out.int(),
  duplicates: out.int(),
  rejected: out.int(),
  retried: out.int(),
  tests: out.int(),
  results_filed: out.int(),
  results_pending: out.int(),
});
export type FeedDayDto = z.infer<typeof feedDay>;

export const labFeedStatus = z.object({
  can_send: out.bool(),
  last_message_at: out.text().nullable(),
  last_error: z
    .object({
      at: out.text(),
      source: z.enum(MESSAGE_SOURCES),
      control_id: out.text(),
      reason: out.text(),
      message: out.text(),
    })
    .nullable(),
  pending_results: out.int(),
  rejected_kept: out.int(),
  /** The last 14 local dates of receipt, newest first, zeros included. */
  days: z.array(feedDay),
});
export type LabFeedStatusDto = z.infer<typeof labFeedStatus>;

/* ---------- Messages ---------- */

export const messageReason = z.object({
  reason: out.text(),
  /** `OBX^2^5` (HL7) or `Bundle.entry[3]…` (FHIR); "" when the problem has no place. */
  location: out.text(),
  message: out.text(),
});
export type MessageReasonDto = z.infer<typeof messageReason>;

export const feedMessage = z.object({
  id: out.int(),
  source: z.enum(MESSAGE_SOURCES),
  state: z.enum(MESSAGE_STATES),
  received_at: out.text(),
  sending_facility: out.text(),
  control_id: out.text(),
  message_type: out.text(),
  results: z.object({ filed: out.int(), pending: out.int(), ignored: out.int() }),
  reasons: z.array(messageReason),
  retries: out.int(),
  expires_at: out.text().nullable(),
});
export type FeedMessageDto = z.infer<typeof feedMessage>;
export const messagePage = paginated(feedMessage);

/** Feed lists have one order, newest first: any other `ordering` is refused, not ignored. */
const newestFirst = z.enum(['-id']).optional();

export const messagesQuery = pageQuery.extend({
  ordering: newestFirst,
  state: z.enum(MESSAGE_STATES).optional(),
  source: z.enum(MESSAGE_SOURCES).optional(),
  control_id: text().max(200).optional(),
  received_at__gte: instant.optional(),
  received_at__lt: instant.optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuery>;

/* ---------- Results ---------- */

export const feedResult = z.object({
  id: out.int(),
  /** The sample key's first 16 hex digits. */
  sample: out.text(),
  state: z.enum(RESULT_STATES),
  pending_reasons: z.array(z.enum(PENDING_REASONS)),
  analyte: z.enum(LAB_FEED_ANALYTES).nullable(),
  line: lineRef.nullable(),
  location: out.text(),
  code: z.object({ system: out.text(), code: out.text(), text: out.text() }),
  value: out.number().nullable(),
  comparator: out.text().nullable(),
  flag: z.enum(RESULT_FLAGS).nullable(),
  status: z.enum(RESULT_STATUSES),
  value_sent: out.text().nullable(),
  unit_sent: out.text().nullable(),
  sampled_at: out.text(),
  received_at: out.text(),
  source: z.enum(MESSAGE_SOURCES),
  /** The message's id. */
  message: out.int(),
});
export type FeedResultDto = z.infer<typeof feedResult>;
export const resultPage = paginated(feedResult);

export const resultsQuery = pageQuery.extend({
  ordering: newestFirst,
  /** A sample id as the LIS knows it: hashed to find the sample, never echoed or logged. */
  specimen: text().max(200).optional(),
  /** A sample as the API shows it (16 hex digits). */
  sample: text()
    .regex(/^[0-9a-f]{1,64}$/, 'Expected a sample as hex digits.')
    .optional(),
  line: idParam.optional(),
  analyte: z.enum(LAB_FEED_ANALYTES).optional(),
  state: z.enum(RESULT_STATES).optional(),
  sampled_at__gte: instant.optional(),
  sampled_at__lt: instant.optional(),
});
export type ResultsQuery = z.infer<typeof resultsQuery>;

/* ---------- Retry ---------- */

export const retryInput = z.object({
  ids: z.array(id()).min(1, 'Name 1 to 1000 messages.').max(1000, 'Name 1 to 1000 messages.'),
});
export type RetryInput = z.infer<typeof retryInput>;

export const retryAnswer = z.object({
  results: z.array(
    z.object({ id: out.int(), state: z.enum(MESSAGE_STATES), reasons: z.array(messageReason) }),
  ),
});
export type RetryAnswerDto = z.infer<typeof retryAnswer>;
