import { translate } from './index';
import { LOCALES, type Language } from './languages';

/**
 * The one place numbers, percentages, dates, times and durations become text for a person: Intl
 * with the user's language's locale (no toLocaleString('en-US'), no hand-built separators), and
 * the one parser that reads a number a person typed in that locale back.
 */

export const formatNumber = (
  value: number,
  language: Language,
  options?: Intl.NumberFormatOptions,
): string => new Intl.NumberFormat(LOCALES[language], options).format(value);

/** A fraction (0.125) as a percentage (12.5 % in sv, 12.5% in en). */
export const formatPercent = (fraction: number, language: Language, maximumFractionDigits = 1) =>
  formatNumber(fraction, language, { style: 'percent', maximumFractionDigits });

/** A day, time or both, in `timeZone` (the organization's) when given. */
export const formatDate = (date: Date, language: Language, timeZone?: string): string =>
  new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone }).format(date);

export const formatTime = (date: Date, language: Language, timeZone?: string): string =>
  new Intl.DateTimeFormat(LOCALES[language], { timeStyle: 'short', timeZone }).format(date);

export const formatDateTime = (date: Date, language: Language, timeZone?: string): string =>
  new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);

/** A duration in its largest whole unit that fits: 45 s, 12 min, 3 h, 2 days (locale's words). */
export function formatDuration(seconds: number, language: Language): string {
  const units: [Intl.NumberFormatOptions['unit'], number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return formatNumber(seconds / size, language, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  });
}

/** The locale's decimal and grouping separators, as Intl writes them. */
function separators(language: Language): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(LOCALES[language]).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/** Spaces that group digits in any of our locales: space, no-break space, narrow no-break space. */
const SPACES = /[ \u00A0\u202F]/g;
const SPACE = /^[ \u00A0\u202F]$/;

export type ParsedNumber = { ok: true; value: number } | { ok: false; message: string };

/**
 * A number a person typed in `language`'s locale: its decimal separator (a comma in sv, da, nb,
 * fi, de, nl), grouping by the locale's separator or by spaces (U+00A0, U+202F) in groups of
 * three, and a leading +, - or Unicode minus (U+2212). Text that could mean two numbers
 * (`1.5` in German, `1,5` in English) is refused with the catalogue's message, never guessed.
 */
export function parseLocaleNumber(text: string, language: Language): ParsedNumber {
  const { decimal, group } = separators(language);
  const trimmed = text.trim();
  const notANumber = {
    ok: false,
    message: translate(language, 'csv.notANumber', { text }),
  } as const;
  const ambiguous = {
    ok: false,
    message: translate(language, 'number.ambiguous', { text, decimal }),
  } as const;
  const sign = /^[+\-\u2212]/.test(trimmed) ? trimmed[0] : '';
  const body = trimmed.slice(sign.length).replace(SPACES, ' ');
  const groupChar = SPACE.test(group) ? ' ' : group;
  if (!/^[0-9][0-9 .,]*$/.test(body) && !/^[.,][0-9]+$/.test(body)) return notANumber;
  const [whole, fraction, ...rest] = body.split(decimal);
  if (rest.length > 0 || (fraction !== undefined && !/^[0-9]+$/.test(fraction))) return ambiguous;
  const groups = whole.split(groupChar === ' ' ? / /g : groupChar);
  const grouped =
    groups.length === 1
      ? /^[0-9]*$/.test(whole)
      : /^[0-9]{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^[0-9]{3}$/.test(g));
  // Spaces group in every locale; the locale's own separator groups too.
  const spaced = whole.split(' ');
  const spaceGrouped =
    spaced.length > 1 &&
    /^[0-9]{1,3}$/.test(spaced[0]) &&
    spaced.slice(1).every((g) => /^[0-9]{3}$/.test(g));
  if (!grouped && !spaceGrouped) return ambiguous;
  const digits = whole.replace(/[^0-9]/g, '') || '0';
  const value = Number(`${digits}${fraction === undefined ? '' : `.${fraction}`}`);
  if (!Number.isFinite(value)) return notANumber;
  return { ok: true, value: sign === '-' || sign === '\u2212' ? -value : value };
}
