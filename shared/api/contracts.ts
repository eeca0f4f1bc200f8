import { z } from 'zod';
import {
  calendarDate,
  id,
  idParam,
  multilineText,
  out,
  pageQuery,
  queryBoolean,
  text,
  uploadedFile,
} from './common';

/** Every status a contract may have; a new contract is a draft (administration.md section 4). */
export const CONTRACT_STATUSES = [
  'draft',
  'paid',
  'outstanding',
  'in_negotiation',
  'expired',
  'terminated',
  'archived',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** What the institute's feature flags make of the contract (administration.md section 3). */
export const CONTRACT_TYPES = ['Troubleshooting', 'Validation', 'NA'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const CONTRACT_NOTES_MAX = 10000;

/** The spec's texts (sections 5 and 8) and the few this implementation had to choose. */
export const CONTRACT_MESSAGES = {
  organizationRequired: 'Organization is required',
  titleRequired: 'Title is required',
  startRequired: 'Start Date is required',
  endRequired: 'End Date is required or Open Contract should be enabled',
  endBeforeStart: 'End Date cannot be before Start Date',
  customerSinceFuture: 'Customer Since Date cannot be in the future',
  notesTooLong: `Notes cannot be longer than ${CONTRACT_NOTES_MAX} characters`,
  created: 'Contract created successfully',
  updated: 'Contract updated successfully',
  createFailed: 'Unable to create contract',
  updateFailed: 'Unable to update contract',
  uploadFailed: 'Unable to upload contract files',
  bulkEdit: 'This feature is not implemented yet',
  deleteFilesWarning: 'Deleted files are not recoverable',
  /** Ours: the spec names no text for these. */
  pdfOnly: 'Only PDF files can be attached.',
  filesRequired: 'Attach at least one PDF file.',
  noSuchFile: 'No such file on this contract.',
  deleted: 'Contract deleted successfully',
  deleteFailed: 'Unable to delete contract',
  filesDeleted: 'Files deleted successfully',
  filesDeleteFailed: 'Unable to delete contract files',
} as const;

/** PDF files start with these bytes, whatever their name says. */
export const PDF_MAGIC = '%PDF-';

/**
 * The latest date that is not in the future anywhere: a date picked "today" in the user's zone
 * is never refused because the server's clock is already past midnight elsewhere.
 */
export const latestToday = (now = Date.now()): string =>
  new Date(now + 14 * 3600_000).toISOString().slice(0, 10);

export const contractFile = z.object({
  id: out.int(),
  filename: out.text(),
  size: out.int(),
  uploaded_at: out.text(),
});

export const contract = z.object({
  id: out.int(),
  title: out.text(),
  institute: out.int(),
  institute_name: out.text(),
  contract_type: z.enum(CONTRACT_TYPES),
  start_date: out.text(),
  /** null: an open-ended contract. */
  end_date: out.text().nullable(),
  status: z.enum(CONTRACT_STATUSES),
  notes: out.text().nullable(),
  customer_since: out.text().nullable(),
  files: z.array(contractFile),
  /** Fetch with the bearer token; only staff may follow them. */
  download_urls: z.array(z.object({ filename: out.text(), url: out.text() })),
  created_at: out.text(),
  updated_at: out.text(),
});
export type ContractDto = z.infer<typeof contract>;

const title = text({ error: CONTRACT_MESSAGES.titleRequired })
  .trim()
  .min(1, CONTRACT_MESSAGES.titleRequired)
  .max(255, 'Title is too long.');
/** A required date: missing or empty is the spec's `required` text, else a real calendar day. */
const requiredDate = (required: string) =>
  text({ error: required }).min(1, { message: required, abort: true }).pipe(calendarDate());
const startDate = requiredDate(CONTRACT_MESSAGES.startRequired);
const notes = multilineText()
  .max(CONTRACT_NOTES_MAX, CONTRACT_MESSAGES.notesTooLong)
  .nullable()
  .optional()
  .transform((s) => (s ? s : null));
const customerSince = calendarDate()
  .refine((d) => d <= latestToday(), CONTRACT_MESSAGES.customerSinceFuture)
  .nullable()
  .optional();

const endNotBeforeStart = (c: { start_date?: string; end_date?: string | null }) =>
  !c.start_date || !c.end_date || c.end_date >= c.start_date;

/**
 * A new contract. `end_date` must be sent: a date, or null for an open-ended contract (the
 * form's Open Contract toggle); leaving it out is the spec's "End Date is required" case.
 */
export const contractCreate = z
  .object({
    title,
    institute: id({ error: CONTRACT_MESSAGES.organizationRequired }),
    start_date: startDate,
    end_date: requiredDate(CONTRACT_MESSAGES.endRequired).nullable(),
    status: z.enum(CONTRACT_STATUSES).default('draft'),
    notes,
    customer_since: customerSince,
  })
  .refine(endNotBeforeStart, {
    message: CONTRACT_MESSAGES.endBeforeStart,
    path: ['end_date'],
  });
export type ContractCreate = z.input<typeof contractCreate>;

/** A change; the organization of a contract never changes. */
export const contractUpdate = z
  .object({
    title: title.optional(),
    start_date: startDate.optional(),
    end_date: calendarDate().nullable().optional(),
    status: z.enum(CONTRACT_STATUSES).optional(),
    notes,
    customer_since: customerSince,
  })
  .refine(endNotBeforeStart, {
    message: CONTRACT_MESSAGES.endBeforeStart,
    path: ['end_date'],
  });
export type ContractUpdate = z.input<typeof contractUpdate>;

export const contractListQuery = pageQuery.extend({
  exclude_archived: queryBoolean.optional(),
  title__icontains: text().max(255).optional(),
  institute__id: idParam.optional(),
});
export type ContractListQuery = z.input<typeof contractListQuery>;

/** Deletes files of a contract by name. */
export const contractFilesDelete = z.object({
  filenames: z.array(text().min(1).max(255)).min(1, 'Name at least one file.').max(100),
});

/** Multipart fields of an upload (documentation; the stream is checked by the server). */
/** The path of one file of a contract. */
export const contractFileParams = z.object({ id: idParam, fileId: idParam });

export const contractUpload = z.object({
  'files-0': uploadedFile('A PDF file; more as files-1, files-2, …'),
});

/** The type of contract an institute's flags make. */
export function contractTypeOf(flags: {
  troubleshooting: boolean;
  validation: boolean;
}): ContractType {
  if (flags.troubleshooting) return 'Troubleshooting';
  if (flags.validation) return 'Validation';
  return 'NA';
}
