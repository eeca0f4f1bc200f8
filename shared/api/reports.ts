import { z } from 'zod';
import { idParam, pageQuery, text } from './common';

export const REPORT_MESSAGES = {
  titleRequired: 'Please enter a title for the report.',
  fileRequired: 'A PDF or Word Document must be attached.',
  created: 'Report successfully created',
  failed: 'Error creating report',
} as const;

/** What a report file may be: PDF or Word, by extension (browsers disagree on content types). */
export const REPORT_FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const reportTitle = text({ error: REPORT_MESSAGES.titleRequired })
  .trim()
  .min(1, REPORT_MESSAGES.titleRequired)
  .max(255, 'Title is too long.');

export const report = z.object({
  id: z.number().int(),
  title: z.string(),
  institute: z.number().int(),
  validation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  file: z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() }),
  create_date: z.string(),
  /** Fetch with the bearer token; answers the file to the report's institute only. */
  download_url: z.string(),
});
export type ReportDto = z.infer<typeof report>;

export const reportUpdate = z.object({ title: reportTitle });

/** Multipart fields of an upload (documentation; the stream is checked by the server). */
export const reportUpload = z.object({
  title: reportTitle,
  file: z.string().describe('The PDF or Word document (binary)'),
  validation: text().optional().describe('Id of a completed validation'),
});

export const reportListQuery = pageQuery.extend({
  validation__id: idParam.optional(),
});

export const instituteValidationParams = z.object({
  id: idParam,
  vid: idParam,
});
