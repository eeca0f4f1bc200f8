import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey } from './en';
import { type AnyValues, translateLoose } from './index';
import type { Language } from './languages';
import { placeholdersOf } from './placeholders';

/** Marks a placeholder's place in an English text formatted to find its template. */
const MARK = '\u0000';

interface Template {
  key: MessageKey;
  names: string[];
  pattern: RegExp;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Exact English texts (no placeholder) by text, and the templates with text placeholders. */
function build(): { exact: Map<string, MessageKey>; templates: Template[] } {
  const exact = new Map<string, MessageKey>();
  const templates: Template[] = [];
  for (const key of Object.keys(en) as MessageKey[]) {
    const placeholders = placeholdersOf(en[key]);
    if (placeholders.length === 0) {
      exact.set(new IntlMessageFormat(en[key], 'en').format() as string, key);
      continue;
    }
    // Only plain `{name}` placeholders can be read back out of a text; a plural cannot.
    if (!placeholders.every((p) => p.endsWith(':text'))) continue;
    const names = placeholders.map((p) => p.slice(0, -':text'.length));
    const marked = new IntlMessageFormat(en[key], 'en').format(
      Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`])),
    ) as string;
    const order: string[] = [];
    const source = marked
      .split(MARK)
      .map((part, i) => (i % 2 === 0 ? escape(part) : (order.push(part), '(.+?)')))
      .join('');
    templates.push({ key, names: order, pattern: new RegExp(`^${source}$`, 's') });
  }
  // The most literal text first: 'The header has no 'date' column.' before a bare '{column} …'.
  templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  return { exact, templates };
}

let index: ReturnType<typeof build> | undefined;

/** The catalogue key of an English text the code wrote, with its placeholders' values. */
export function findEnglish(text: string): { key: MessageKey; values: AnyValues } | null {
  index ??= build();
  const key = index.exact.get(text);
  if (key) return { key, values: {} };
  for (const template of index.templates) {
    const match = template.pattern.exec(text);
    if (match) {
      const values = Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]]));
      return { key: template.key, values };
    }
  }
  return null;
}

/**
 * An English text of the code (a refusal's detail, a 422's msg) in `language`: the catalogue's
 * text of the same key, the values of its placeholders (field names, labels, numbers) as they
 * were. A text the catalogue lacks stays English.
 */
export function inLanguage(text: string, language: Language): string {
  if (language === 'en') return text;
  const found = findEnglish(text);
  return found ? translateLoose(language, found.key, found.values) : text;
}
