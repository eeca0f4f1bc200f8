import { z } from 'zod';

/** Every list answers `{items, total}`; `page` is zero-based. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(10000).default(20),
  ordering: z.string().max(80).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Paginated<T> {
  items: T[];
  total: number;
}
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

/** Query-string booleans as the client sends them ('true'/'false', also 1/0). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0', 'True', 'False'])
  .transform((v) => v === 'true' || v === '1' || v === 'True');

/** Comma-separated ids (`labels=1,2,3`), also accepted as repeated parameters. */
export const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter((s) => s.trim() !== ''))
  .pipe(z.array(z.string().regex(/^\d+$/, 'Expected comma-separated ids').transform(Number)));

export const idParams = z.object({ id: z.coerce.number().int().positive() });
export type IdParams = z.infer<typeof idParams>;

/** Error bodies: a sentence, or for 422 the FastAPI-style list the UI maps onto fields. */
export const validationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssue>;
export const errorBody = z.object({ detail: z.union([z.string(), z.array(validationIssue)]) });
export type ErrorBody = z.infer<typeof errorBody>;

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');
