import i18next, { type i18n } from 'i18next';
import ICU from 'i18next-icu';
import type { Catalogue } from './catalogue';
import { da } from './da';
import { de } from './de';
import { en, type MessageKey } from './en';
import { fi } from './fi';
import type { Language } from './languages';
import { nb } from './nb';
import { nl } from './nl';
import { sv } from './sv';

export type { MessageKey } from './en';

/** Every catalogue by language: the one place messages live (README "Languages"). */
export const CATALOGUES: Record<Language, Catalogue> = { en, sv, da, nb, fi, de, nl };

/** A placeholder name of an ICU message: `{name}`, `{count, plural, …}` (not `#` or options). */
type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? | (P extends `${infer Name},${string}` ? Name : P extends `${string} ${string}` ? never : P)
    | Placeholders<Rest>
  : never;

/** The values a message of `key` needs, named as its English text names them. */
export type MessageValues<K extends MessageKey> = [Placeholders<(typeof en)[K]>] extends [never]
  ? Record<string, never>
  : Record<Placeholders<(typeof en)[K]>, string | number | Date>;

/** Loose values, for callers that hold a key whose placeholders are known only at run time. */
export type AnyValues = Record<string, string | number | Date>;

/**
 * An i18next instance with ICU MessageFormat over all the catalogues: the server's (one per
 * process, `lng` per call) and the renderer's (react-i18next, the user's language).
 */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(ICU).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: Object.keys(CATALOGUES),
    resources: Object.fromEntries(
      Object.entries(CATALOGUES).map(([lng, catalogue]) => [lng, { translation: catalogue }]),
    ),
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

let shared: i18n | undefined;

/** The text of `key` in `language`, its placeholders filled with `values`. */
export function translate<K extends MessageKey>(
  language: Language,
  key: K,
  ...values: keyof MessageValues<K> extends never ? [] : [MessageValues<K>]
): string {
  return translateLoose(language, key, (values[0] ?? {}) as AnyValues);
}

/** The same for a key and values known only at run time (the English-detail lookup). */
export function translateLoose(language: Language, key: MessageKey, values: AnyValues): string {
  shared ??= createI18n('en');
  return shared.t(key, { lng: language, ...values });
}
