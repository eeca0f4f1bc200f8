import { IntlMessageFormat } from 'intl-messageformat';

/** The AST node kinds of intl-messageformat's parser that name a value. */
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const KIND: Record<number, string> = {
  [ARGUMENT]: 'text',
  [NUMBER]: 'number',
  [DATE]: 'date',
  [TIME]: 'time',
  [SELECT]: 'select',
  [PLURAL]: 'plural',
};

interface Node {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Node[] }>;
  children?: Node[];
}

function collect(nodes: Node[], into: Set<string>): Set<string> {
  for (const node of nodes) {
    if (KIND[node.type]) into.add(`${String(node.value)}:${KIND[node.type]}`);
    for (const option of Object.values(node.options ?? {})) collect(option.value, into);
    if (node.children) collect(node.children, into);
  }
  return into;
}

/**
 * The placeholders of an ICU message as `name:kind` (`label:text`, `count:plural`), sorted: two
 * languages' texts of one key must have the same (catalogue.test.ts). Throws on invalid ICU.
 */
export const placeholdersOf = (message: string, locale = 'en'): string[] =>
  [...collect(new IntlMessageFormat(message, locale).getAst() as Node[], new Set())].sort();
