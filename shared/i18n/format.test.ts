import fc from 'fast-check';
import {
  formatDate,
  formatDuration,
  formatNumber,
  formatPercent,
  parseLocaleNumber,
} from './format';
import { LANGUAGES, LOCALES } from './languages';

const parsed = (text: string, language: (typeof LANGUAGES)[number]) => {
  const result = parseLocaleNumber(text, language);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

/** Doubles across magnitudes and signs (no NaN, no infinities; -0 reads as 0). */
const doubles = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x));
/** As many significant digits as a double needs to read back as itself. */
const EXACT = { maximumSignificantDigits: 17 } as const;

describe.each(LANGUAGES)('numbers in %s', (language) => {
  it('reads back what it formats: parse(format(x)) = x', () => {
    fc.assert(
      fc.property(doubles, (x) => parsed(formatNumber(x, language, EXACT), language) === x),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const x = cents / 100;
        return parsed(formatNumber(x, language), language) === x;
      }),
    );
  });

  it('formats exactly as Intl does for the locale', () => {
    fc.assert(
      fc.property(
        doubles,
        (x) => formatNumber(x, language) === new Intl.NumberFormat(LOCALES[language]).format(x),
      ),
    );
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true }),
        (d) =>
          formatDate(d, language, 'UTC') ===
          new Intl.DateTimeFormat(LOCALES[language], {
            dateStyle: 'medium',
            timeZone: 'UTC',
          }).format(d),
      ),
    );
  });
});

describe('typed numbers', () => {
  it('takes the decimal comma, space grouping (U+00A0, U+202F) and the Unicode minus', () => {
    expect(parsed('1,5', 'sv')).toBe(1.5);
    expect(parsed('\u22121\u00A0234,5', 'fi')).toBe(-1234.5);
    expect(parsed('12\u202F345', 'nb')).toBe(12345);
    expect(parsed('1.234,75', 'de')).toBe(1234.75);
    expect(parsed('1 234,75', 'nl')).toBe(1234.75);
    expect(parsed('-1,234.5', 'en')).toBe(-1234.5);
    expect(parsed(',5', 'da')).toBe(0.5);
  });

  it('refuses ambiguous text with the catalogue’s message, in the language', () => {
    expect(parseLocaleNumber('1.5', 'de')).toEqual({
      ok: false,
      message:
        '„1.5“ ist mehrdeutig: Schreiben Sie die Zahl mit , als Dezimaltrennzeichen und ohne weitere Satzzeichen.',
    });
    expect(parseLocaleNumber('1,5', 'en')).toMatchObject({ ok: false });
    expect(parseLocaleNumber('1,2,3', 'sv')).toMatchObject({ ok: false });
    expect(parseLocaleNumber('12 34', 'sv')).toMatchObject({ ok: false });
    expect(parseLocaleNumber('abc', 'sv')).toEqual({
      ok: false,
      message: '”abc” är inte ett tal.',
    });
    expect(parseLocaleNumber('', 'nl')).toMatchObject({ ok: false });
  });

  it('writes percentages and durations in the locale’s words', () => {
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(formatPercent(0.125, 'de')).toBe(
      new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 }).format(0.125),
    );
    expect(formatDuration(90, 'en')).toBe('1.5 minutes');
    expect(formatDuration(7200, 'sv')).toBe('2 timmar');
  });
});
