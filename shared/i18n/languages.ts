/** The languages VialQC speaks: English is the source, the others are translations of it. */
export const LANGUAGES = ['en', 'sv', 'da', 'nb', 'fi', 'de', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The Intl locale each language formats numbers and dates with. */
export const LOCALES: Record<Language, string> = {
  en: 'en-US',
  sv: 'sv-SE',
  da: 'da-DK',
  nb: 'nb-NO',
  fi: 'fi-FI',
  de: 'de-DE',
  nl: 'nl-NL',
};

/** Each language's own name, as a language select shows it to its speakers. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  sv: 'Svenska',
  da: 'Dansk',
  nb: 'Norsk bokmål',
  fi: 'Suomi',
  de: 'Deutsch',
  nl: 'Nederlands',
};

/** Language tags' primary subtags that read one of ours: Norwegian (no, nn) reads Bokmål. */
const PRIMARY: Record<string, Language> = { no: 'nb', nn: 'nb' };

/** The language of one BCP 47 tag (`sv-FI` → sv, `no` → nb), or null when it is none of ours. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split('-')[0];
  if (isLanguage(primary)) return primary;
  return PRIMARY[primary] ?? null;
}

/**
 * The best of our languages an Accept-Language header asks for (RFC 9110 §12.5.4): tags by
 * descending q (q=0 refuses, equal q keep their order), the first one of ours wins; null when
 * none is (no header, `*`, only other languages).
 */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 50)
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const weight = params.find((p) => /^\s*q\s*=/i.test(p));
      const q =
        weight === undefined ? '1' : /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(weight)?.[1];
      // A malformed weight (q=2, q=abc) drops its tag, as q=0 does.
      return { tag: tag.trim(), q: q === undefined ? 0 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0 && entry.q <= 1)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/** The language an answer's detail is written in: the header's choice, English otherwise. */
export const answerLanguage = (header: string | undefined): Language =>
  acceptedLanguage(header) ?? DEFAULT_LANGUAGE;
