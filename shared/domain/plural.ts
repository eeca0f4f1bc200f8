/** English plural rules, so a count never reads 'record(s)' or '1 rows'. */
const rules = new Intl.PluralRules('en');

/** The word for `count`: `plural(1, 'record', 'records')` is 'record', of 8 'records'. */
export const plural = (count: number, one: string, other: string): string =>
  rules.select(count) === 'one' ? one : other;

/** The count and its word: '1 record', '8 records'. */
export const counted = (count: number, one: string, other: string): string =>
  `${count} ${plural(count, one, other)}`;
