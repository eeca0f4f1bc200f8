import { z } from 'zod';
import { formField, idParam, out, pageQuery, text, uploadedFile } from './common';

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
  id: out.int(),
  title: out.text(),
  institute: out.int(),
  validation: z.object({ id: out.int(), name: out.text() }).nullable(),
  file: z.object({ filename: out.text(), content_type: out.text(), size: out.int() }),
  create_date: out.text(),
  /** Fetch with the bearer token; answers the file to the report's institute only. */
  download_url: out.text(),
});
export type ReportDto = z.infer<typeof report>;

export const reportUpdate = z.object({ title: reportTitle });

/** The text fields of an upload, parsed by the server once the form is received. */
export const reportUploadFields = z.object({
  title: reportTitle,
  validation: formField(idParam).describe('Id of a completed validation'),
});

/** The multipart form of an upload: the file and its text fields. */
export const reportUpload = reportUploadFields.extend({
  file: uploadedFile('The PDF or Word document'),
});

export const reportListQuery = pageQuery.extend({
  validation__id: idParam.optional(),
});

export const instituteValidationParams = z.object({
  id: idParam,
  vid: idParam,
});
