import { IntlMessageFormat } from 'intl-messageformat';

/** An element of a parsed ICU message, as intl-messageformat's parser types it. */
type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/**
 * The kind each element type that names a value is written as, by the parser's TYPE numbers
 * (argument 1 … plural 6; a literal 0, `#` 7 and a tag 8 name none).
 */
const KIND: readonly (string | undefined)[] = [
  undefined,
  'text',
  'number',
  'date',
  'time',
  'select',
  'plural',
];

function collect(elements: Element[], into: Set<string>): Set<string> {
  for (const element of elements) {
    const kind = KIND[element.type];
    if (kind && 'value' in element) into.add(`${element.value}:${kind}`);
    if ('options' in element)
      for (const option of Object.values(element.options)) collect(option.value, into);
    if ('children' in element) collect(element.children, into);
  }
  return into;
}

/**
 * The placeholders of an ICU message as `name:kind` (`label:text`, `count:plural`), sorted: two
 * languages' texts of one key must have the same (catalogue.test.ts). Throws on invalid ICU.
 */
export const placeholdersOf = (message: string, locale = 'en'): string[] =>
  [...collect(new IntlMessageFormat(message, locale).getAst(), new Set())].sort();
