import { z } from 'zod';
import {
  calendarDate,
  int,
  intParam,
  out,
  pageQuery,
  queryBoolean,
  text,
  timeZone,
} from './common';
import { featureFlags } from './feature-flags';
import { MAX_VIAL_SILENT_DAYS } from '../domain/notifications';

export const VIAL_SILENT_DAYS_MESSAGE = `Expected a whole number of days from 1 to ${MAX_VIAL_SILENT_DAYS}, or null to switch silent-vial notifications off.`;

export const METADATA_TYPES = ['pts', 'courier'] as const;
export const RELATIONSHIPS = [
  'none',
  'direct',
  'partner_aerocom',
  'partner_labquality',
  'internal',
  'poc',
  'archive',
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];
/** The words for each relationship; the renderer reads them from /v2/types/institutes/relationship. */
export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  none: 'No Relationship',
  direct: 'Direct',
  partner_aerocom: 'Partner: Aerocom',
  partner_labquality: 'Partner: Labquality',
  internal: 'Internal',
  poc: 'Proof of Concept',
  archive: 'Archive',
};
export const SUBSCRIPTIONS = ['none', 'one_time', 'annual'] as const;
export type MetadataType = (typeof METADATA_TYPES)[number];

export const institute = z.object({
  id: out.int(),
  name: out.text(),
  partner_id: out.text().nullable(),
  metadata_type: z.enum(METADATA_TYPES),
  relationship: z.enum(RELATIONSHIPS),
  subscription: z.enum(SUBSCRIPTIONS),
  total_lines: out.int().nullable(),
  feature_flags: featureFlags.partial().nullable(),
  has_feature_flags: z.boolean(),
  institute_type: z.enum(METADATA_TYPES),
  customer_since: out.text().nullable(),
  archived: z.boolean(),
  timezone: out.text(),
  /** Days without an upload after which an active vial is reported silent; null: not watched. */
  vial_silent_days: out.int().nullable(),
  /** Its password users must sign in with a second factor. */
  mfa_required: z.boolean(),
  /** It takes part in peer benchmarking (read-only here: PUT /v2/institutes/{id}/benchmarking). */
  benchmarking_opt_in: z.boolean(),
  /**
   * Whether the caller has multi-organization access (administration.md section 6: several
   * institutes, or the admin, owner or staff role): the organization selector may switch.
   */
  multiInstitute: z.boolean(),
});
export type Institute = z.infer<typeof institute>;

const instituteFields = {
  name: text().trim().min(1, 'Name is required.').max(80, 'Name is too long.'),
  partner_id: text().trim().max(80, 'Partner ID is too long.').nullable().optional(),
  metadata_type: z.enum(METADATA_TYPES).optional(),
  relationship: z.enum(RELATIONSHIPS).optional(),
  subscription: z.enum(SUBSCRIPTIONS).optional(),
  total_lines: int(0, 100_000).nullable().optional(),
  feature_flags: featureFlags.partial().nullable().optional(),
  customer_since: calendarDate().nullable().optional(),
  archived: z.boolean().optional(),
  timezone: timeZone().optional(),
  vial_silent_days: int(1, MAX_VIAL_SILENT_DAYS, VIAL_SILENT_DAYS_MESSAGE).nullable().optional(),
  mfa_required: z.boolean().optional(),
};
export const instituteCreate = z.object(instituteFields);
export const instituteUpdate = z.object(instituteFields).partial();
export type InstituteCreate = z.infer<typeof instituteCreate>;
export type InstituteUpdate = z.infer<typeof instituteUpdate>;

/** Fields only the provider's staff may set (administration.md section 6). */
export const STAFF_ONLY_INSTITUTE_FIELDS = [
  'metadata_type',
  'relationship',
  'subscription',
  'partner_id',
  'feature_flags',
  'archived',
  // The date of the first contract (contracts set it): the provider's record, not the customer's.
  'customer_since',
] as const;

export const instituteListQuery = pageQuery.extend({
  size: intParam(1, 10000).default(1000),
  exclude_archived: queryBoolean.optional(),
  /** Only the institutes that take part in peer benchmarking (or only those that do not). */
  benchmarking_opt_in: queryBoolean.optional(),
  search_string: text().max(200).optional(),
});
export type InstituteListQuery = z.output<typeof instituteListQuery>;

export const uploadSummary = z.object({
  /** Vials registered to the institute (deleted ones not counted). */
  vials: out.int(),
  /** Runs uploaded (records), processed or not. */
  total_records: out.int(),
  unprocessed: out.int(),
  last_upload_date: out.text().nullable(),
  uploads_last_30_days: out.int(),
});
export type UploadSummary = z.infer<typeof uploadSummary>;
