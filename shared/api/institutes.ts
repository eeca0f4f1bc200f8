import { z } from 'zod';
import { calendarDate, int, intParam, pageQuery, queryBoolean, text } from './common';
import { featureFlags } from './feature-flags';
import { isTimeZone } from '../domain/time-zone';

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
export const SUBSCRIPTIONS = ['none', 'one_time', 'annual'] as const;
export type MetadataType = (typeof METADATA_TYPES)[number];

export const institute = z.object({
  id: z.number().int(),
  name: z.string(),
  partner_id: z.string().nullable(),
  metadata_type: z.enum(METADATA_TYPES),
  relationship: z.enum(RELATIONSHIPS),
  subscription: z.enum(SUBSCRIPTIONS),
  total_lines: z.number().int().nullable(),
  feature_flags: featureFlags.partial().nullable(),
  has_feature_flags: z.boolean(),
  institute_type: z.enum(METADATA_TYPES),
  customer_since: z.string().nullable(),
  archived: z.boolean(),
  timezone: z.string(),
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
  timezone: text()
    .max(64)
    .refine(isTimeZone, 'Unknown time zone: use an IANA name such as Europe/London.')
    .optional(),
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
  search_string: text().max(200).optional(),
});
export type InstituteListQuery = z.output<typeof instituteListQuery>;

export const uploadSummary = z.object({
  /** Vials registered to the institute (deleted ones not counted). */
  vials: z.number().int(),
  /** Runs uploaded (records), processed or not. */
  total_records: z.number().int(),
  unprocessed: z.number().int(),
  last_upload_date: z.string().nullable(),
  uploads_last_30_days: z.number().int(),
});
export type UploadSummary = z.infer<typeof uploadSummary>;
