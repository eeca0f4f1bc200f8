import { z } from 'zod';
import { exportFormatQuery } from './exports';
import { idParam, instant, out, pageQuery, text } from './common';

/**
 * The audit trail's contract (issue 22). Entries are written by the database in the transaction
 * of each change (migration AuditTrail) and by the server for what changes no audited row
 * (sign-ins, exports, a recompute's summary); they are read here and never written by clients.
 */

/** What an entry is about: the table's object as the screens name it. */
export const AUDIT_OBJECT_TYPES = [
  'institute',
  'user',
  'record',
  'line',
  'vial',
  'validation',
  'contract',
  'label',
  'analyzer',
  'clinical_data',
  'hemolysis_data',
  'hemolysis_measurement',
  'report',
  'comment',
  'event',
  'notification_settings',
  'sso',
  'access_token',
  'session',
  'export',
  'comparison_study',
  'comparison_exclusion',
  'lab_feed_settings',
  'lab_feed_location',
  'lab_feed_code',
  'lab_feed_message',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** How an entry of the product itself (no actor: processing, a recompute) names who acted. */
export const PRODUCT_ACTOR = 'VialQC';

export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'processed',
  'processing_failed',
  'rejections_recomputed',
  'password_changed',
  'password_reset_requested',
  'invitation_sent',
  'second_factor_reset',
  'signed_in',
  'sign_in_failed',
  'exported',
  'imported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One field's change: before and after (either absent on a creation or a deletion), only
 * `changed` for secrets (password hashes, tokens: never their values), `added`/`removed` for a
 * link (a label on a record, a membership), or a figure of a summary (`count`).
 */
export interface AuditFieldChange {
  before?: unknown;
  after?: unknown;
  changed?: true;
  added?: unknown;
  removed?: unknown;
}
export type AuditChanges = Record<string, AuditFieldChange | unknown>;

/** Entries are always newest first: `-id` is the one ordering (any other is refused). */
const auditPageQuery = pageQuery.extend({ ordering: z.enum(['-id']).optional() });

export const auditEventListQuery = auditPageQuery.extend({
  /** The actor's e-mail, or part of it. */
  actor: text().trim().max(254).optional(),
  object_type: z.enum(AUDIT_OBJECT_TYPES).optional(),
  object_id: text().trim().max(255).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  at__gte: instant.optional(),
  at__lt: instant.optional(),
});
export type AuditEventListQuery = z.infer<typeof auditEventListQuery>;

/** The Audit Log's download: its filters and `format`. */
export const auditEventExportQuery = auditEventListQuery.extend(exportFormatQuery.shape);

/** Staff's log over every institute: the same filters and which institute. */
export const allAuditEventsQuery = auditEventListQuery.extend({ institute: idParam.optional() });
export type AllAuditEventsQuery = z.infer<typeof allAuditEventsQuery>;

/**
 * The history of one object of an institute (the History panels): every entry of that type and
 * id, also once the object is gone. Without `object_id`, every object of the type (an
 * institute's one analyzer).
 */
export const auditHistoryQuery = auditPageQuery.extend({
  object_type: z.enum(AUDIT_OBJECT_TYPES),
  object_id: text().trim().min(1).max(255).optional(),
});
export type AuditHistoryQuery = z.infer<typeof auditHistoryQuery>;

/** Counting stops here: a log of a million entries counts as fast as a small one. */
export const AUDIT_COUNT_CAP = 10_000;

export const auditEvent = z.object({
  id: out.int(),
  at: out.text(),
  institute: out.int().nullable(),
  actor: z.object({ id: out.int().nullable(), email: out.text() }).nullable(),
  client_address: out.text().nullable(),
  request_id: out.text().nullable(),
  object_type: out.text(),
  object_id: out.text().nullable(),
  action: out.text(),
  changes: z.record(out.text(), out.json()),
  /** Whether the object is still there (else its page is gone, its History remains). */
  object_exists: out.bool(),
  /** The object's name (a user's e-mail), also once deleted; null for a type without names. */
  object_name: out.text().nullable(),
  /**
   * Names of what the changes link by id, keyed `field:id` (`line_id:9`, `closed_by_id:3`,
   * `labels:7`), as they are now or, once deleted, as the trail last wrote them.
   */
  names: z.record(out.text(), out.text()),
});
export type AuditEventOut = z.infer<typeof auditEvent>;

/**
 * A page of entries, newest first. `total` counts up to AUDIT_COUNT_CAP; `capped` says more
 * match than that.
 */
export const auditEventPage = z.object({
  items: z.array(auditEvent),
  total: out.int(),
  capped: out.bool(),
});
export type AuditEventPage = z.infer<typeof auditEventPage>;
