import { z } from 'zod';
import { UUID_PATTERN } from '../vial/tag';
import { id, idParam, intParam, multilineText, out, pageQuery, text } from './common';

export const VIAL_VERSIONS = ['VV1', 'VV2', 'VV3'] as const;

export const vial = z.object({
  id: out.int(),
  label: out.text(),
  uuid: out.text().nullable(),
  version: out.text(),
  institute: out.int().nullable(),
  notes: out.text().nullable(),
  is_deleted: z.boolean(),
  /**
   * The latest data inventory (DIF) file and when it was built; fetch with the bearer token.
   * Staff only: absent for everyone else, who cannot download it.
   */
  diff_file_url: out.text().nullable().optional(),
  diff_generated_at: out.text().nullable().optional(),
  /** How many runs the server holds from the vial, and when the latest came. */
  uploads: out.int(),
  last_upload: out.text().nullable(),
});
export type Vial = z.infer<typeof vial>;

export const UUID_MESSAGE = 'Expected a UUID';

const uuid = text()
  .regex(UUID_PATTERN, UUID_MESSAGE)
  .transform((s) => s.toLowerCase());

export const vialCreate = z.object({
  label: text().trim().min(1, 'Label is required.').max(64),
  version: text().trim().min(1, 'Version is required.').max(32),
  uuid: uuid.nullable().optional(),
  institute: id().nullable().optional(),
  notes: multilineText()
    .max(10000)
    .nullable()
    .optional()
    .transform((s) => (s ? s : null)),
});
export const vialUpdate = vialCreate.partial().extend({ is_deleted: z.boolean().optional() });
export type VialCreate = z.input<typeof vialCreate>;

export const vialListQuery = pageQuery.extend({
  size: intParam(1, 10000).default(10000),
  search: text().max(100).optional(),
  institute_id: idParam.optional(),
});

export const vialLabelParams = z.object({ label: text().min(1).max(64) });

/** The spec's texts for the vial screens (administration.md section 8). */
export const VIAL_MESSAGES = {
  createFailed: 'Error creating vital vial',
  updateFailed: 'Error updating vital vial',
  difGenerated: 'DIF file generated successfully.',
  difFailed: 'Failed to generate DIF file.',
  noDif: 'No DIF file available for this vial.',
  difDownloadFailed: 'Error downloading DIF file.',
  /** Ours: the spec names no text for these. */
  created: 'Vial created successfully',
  updated: 'Vial updated successfully',
  deleted: 'Vial deleted successfully',
  deleteFailed: 'Error deleting vial',
} as const;

export const vialDiffCreate = z.object({ label: text().trim().min(1, 'Label is required.') });

export const vialDiff = z.object({
  label: out.text(),
  diff_file_url: out.text(),
  generated_at: out.text(),
  /** Rows of the file: runs the server holds from the vial. */
  runs: out.int(),
});
export type VialDiff = z.infer<typeof vialDiff>;
