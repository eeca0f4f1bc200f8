import { z } from 'zod';
import { isTimeZone } from '../domain/time-zone';

/**
 * Input primitives every schema builds on, bounded to what the database stores, so that no
 * input reaches PostgreSQL in a form it refuses (which would answer 500 instead of 422). The
 * other files of shared/api may not call zod's own strings, numbers, coercions or ISO formats
 * (`inputs/bounded-primitives` in eslint.config.mjs): they build on these, and on `out` for
 * what the server answers.
 */

/** Largest id (and integer) a PostgreSQL `int4` column stores. */
export const INT4_MAX = 2_147_483_647;
/** The dates and timestamps inputs may name: PostgreSQL stores far more, the domain needs these. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000).';
/** Text without NUL, as a pattern the OpenAPI document carries. */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character refused
const NO_NUL = /^[^\u0000]*$/;

export const CONTROL_MESSAGE = 'Text must be one line, without line breaks or control characters.';
export const MULTILINE_CONTROL_MESSAGE =
  'Text must not contain control characters other than line breaks and tabs.';
/**
 * One line: no C0 or C1 control character (CR, LF and tab included), no DEL, no Unicode line or
 * paragraph separator. A name or subject with a line break prints as a forged line wherever it
 * is written out (an e-mail's headers, a CSV row, a log line).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const ONE_LINE = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/;
/** Several lines: line breaks and tabs allowed, no other control character. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const LINES = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/**
 * The one primitive for every single-line text field of every input (bodies, query strings,
 * path parts): a string without NUL characters, which PostgreSQL cannot store or compare, and
 * without line breaks or other control characters.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .regex(NO_NUL, { message: NUL_MESSAGE, abort: true })
    .regex(ONE_LINE, CONTROL_MESSAGE);

/** The same for the few fields a person writes in paragraphs (comments, notes, messages). */
export const multilineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .regex(NO_NUL, { message: NUL_MESSAGE, abort: true })
    .regex(LINES, MULTILINE_CONTROL_MESSAGE);

export const ID_MESSAGE = `Expected an id: a whole number from 1 to ${INT4_MAX}.`;

/** An id in a JSON body (a number). */
export const id = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).int(ID_MESSAGE).min(1, ID_MESSAGE).max(INT4_MAX, ID_MESSAGE);

/** An id in a path or query string (text that must read as one). */
export const idParam = z.coerce
  .number()
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(INT4_MAX, ID_MESSAGE);

/** The texts of a bounded number's refusals: not a number, below `min`, above `max`. */
export interface NumberMessages {
  error?: string;
  low?: string;
  high?: string;
}

/**
 * A measured value in a body (lab results, h_index, lengths): finite (zod refuses infinities),
 * from `min` up (a `double precision` column stores any finite number), or up to `max` where the
 * domain says.
 */
export const decimal = (
  min: number,
  max: number = Number.MAX_VALUE,
  messages: NumberMessages = {},
) => {
  const range =
    max === Number.MAX_VALUE
      ? `Expected a number of at least ${min}.`
      : `Expected a number from ${min} to ${max}.`;
  return z
    .number({ error: messages.error ?? range })
    .min(min, messages.low ?? range)
    .max(max, messages.high ?? range);
};

/** The same in a query string. */
export const decimalParam = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).min(min, message).max(max, message);

/** A whole number in a body bounded to what an `int4` column stores, or tighter. */
export const int = (
  min: number,
  max: number = INT4_MAX,
  message = `Expected a whole number from ${min} to ${max}.`,
  params?: Parameters<typeof z.number>[0],
) => z.number(params).int(message).min(min, message).max(max, message);

/** The same in a query string. */
export const intParam = (min: number, max: number) =>
  z.coerce
    .number()
    .int(`Expected a whole number from ${min} to ${max}.`)
    .min(min, `Expected a whole number from ${min} to ${max}.`)
    .max(max, `Expected a whole number from ${min} to ${max}.`);

/** Every list answers `{items, total}`; `page` is zero-based. */
export const pageQuery = z.object({
  page: intParam(0, 1_000_000).default(0),
  size: intParam(1, 10000).default(20),
  ordering: text().max(80).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * `ordering=field` or `-field` from a list's allow-list, as an enum the OpenAPI document shows;
 * the domain maps the same names to SQL (`paginate`).
 */
export const orderingOf = <const F extends readonly [string, ...string[]]>(fields: F) =>
  z
    .enum([...fields, ...fields.map((f) => `-${f}` as `-${F[number]}`)] as [
      F[number] | `-${F[number]}`,
      ...(F[number] | `-${F[number]}`)[],
    ])
    .optional();

/** A list query ordered by one of `fields`. */
export const orderedPageQuery = <const F extends readonly [string, ...string[]]>(fields: F) =>
  pageQuery.extend({ ordering: orderingOf(fields) });

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

const ID_LIST_MESSAGE = `Expected comma-separated ids, each from 1 to ${INT4_MAX}.`;
const isIdText = (s: string) => /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= INT4_MAX;

/** What a comma-separated id list may hold, for the OpenAPI document (the range is checked too). */
const ID_LIST_PATTERN = /^[\d\s,]*$/;

/** Comma-separated ids (`labels=1,2,3`), also accepted as repeated parameters. */
export const idList = z
  .union([
    z.string().regex(ID_LIST_PATTERN, ID_LIST_MESSAGE),
    z.array(z.string().regex(ID_LIST_PATTERN, ID_LIST_MESSAGE)),
  ])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter((s) => s.trim() !== ''))
  .pipe(
    z
      .array(
        z
          .string()
          .refine((s) => isIdText(s.trim()), ID_LIST_MESSAGE)
          .transform((s) => Number(s.trim())),
      )
      .max(1000, 'Name at most 1000 ids.'),
  );

/** True when the text is an id an `int4` column can hold (for lists mixing ids and words). */
export const isIdString = isIdText;

export const idParams = z.object({ id: idParam });
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

/** A calendar day as YYYY-MM-DD (output shape; inputs use `calendarDate`). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

const dateMessage = (min: number, max: number) =>
  `Expected a date as YYYY-MM-DD between the years ${min} and ${max}.`;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real day (no 2023-02-30) as YYYY-MM-DD with a year in [min, max]. */
function isCalendarDay(s: string, min: number, max: number): boolean {
  const m = DATE_PATTERN.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < min || y > max) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** An input calendar day, a real date within the years given (default 1900–9999). */
export const calendarDate = (
  min: number = MIN_YEAR,
  max: number = MAX_YEAR,
  message: string = dateMessage(min, max),
) =>
  text()
    .regex(DATE_PATTERN, { message, abort: true })
    .refine((s) => isCalendarDay(s, min, max), message);

const INSTANT_MESSAGE = `Expected an ISO date or timestamp between the years ${MIN_YEAR} and ${MAX_YEAR}.`;

/** An input date or timestamp (filters), parsed to a Date within the years 1900–9999. */
export const instant = text()
  .max(64, INSTANT_MESSAGE)
  .regex(/^\d{4}-\d{2}-\d{2}/, { message: INSTANT_MESSAGE, abort: true })
  .refine((s) => {
    const t = Date.parse(s);
    if (Number.isNaN(t)) return false;
    const year = new Date(t).getUTCFullYear();
    return year >= MIN_YEAR && year <= MAX_YEAR;
  }, INSTANT_MESSAGE)
  .transform((s) => new Date(s));

const yearOf = (s: string) => new Date(s).getUTCFullYear();

/** An input timestamp kept as text: ISO 8601 with an offset, in the years 1900–9999 (or tighter). */
export const timestamp = (
  message = `Expected an ISO 8601 timestamp with an offset between the years ${MIN_YEAR} and ${MAX_YEAR}.`,
) =>
  z.iso
    .datetime({ offset: true, error: message })
    .refine((s) => yearOf(s) >= MIN_YEAR && yearOf(s) <= MAX_YEAR, message);

/** An input IANA time zone name (Europe/London, UTC), with the shape the document shows. */
export const timeZone = (message = 'Unknown time zone: use an IANA name such as Europe/London.') =>
  text()
    .max(64, message)
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, message)
    .refine(isTimeZone, message);

/** A file in a multipart form (for the document: the server streams it, it is never parsed). */
export const uploadedFile = (description: string) =>
  z.string().meta({ format: 'binary' }).describe(description);

/** An optional text field of a multipart form: an empty field counts as not sent. */
export const formField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A form field read as a boolean ('true', 'on', '1' and their opposites), as a form sends it. */
export const formBoolean = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'True', 'False', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'on' || v === 'True');

/**
 * Output shapes: what the server answers, never what it reads (their zod calls are unbounded,
 * so an input built on them would let anything through).
 */
export const out = {
  text: () => z.string(),
  number: () => z.number(),
  int: () => z.number().int(),
  bool: () => z.boolean(),
  /** Any JSON value the server stored and answers as it is (an audit entry's changes). */
  json: () => z.unknown(),
};
