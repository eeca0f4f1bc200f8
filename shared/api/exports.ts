import { z } from 'zod';

/** The file formats every export is offered in. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `format=csv|xlsx`, beside the filters of the list an export downloads. */
export const exportFormatQuery = z.object({ format: z.enum(EXPORT_FORMATS) });
