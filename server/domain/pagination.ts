import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { PageQuery } from '../../shared/api/common';
import { invalidInput } from './errors';

/** One page of a list and the number of rows of all pages. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** An ILIKE pattern matching `text` anywhere, with its own % and _ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * Applies `ordering=field` / `-field` from an allow-list mapping API field names to SQL
 * expressions, then the zero-based page, and answers `{items, total}`. An id tie-breaker keeps
 * pages stable when many rows share the sort value.
 */
export async function paginate<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  query: PageQuery,
  orderings: Record<string, string>,
  defaultOrdering: string,
): Promise<Page<E>> {
  const ordering = query.ordering || defaultOrdering;
  const descending = ordering.startsWith('-');
  const field = descending ? ordering.slice(1) : ordering;
  // Only the allow-list's own keys may match: `__proto__` or `constructor` must not reach an
  // inherited property (handing Object.prototype to TypeORM's orderBy pollutes every object).
  const column = Object.hasOwn(orderings, field) ? orderings[field] : undefined;
  if (typeof column !== 'string') {
    throw invalidInput([
      {
        loc: ['query', 'ordering'],
        msg: `Cannot order by '${field}'. Use one of: ${Object.keys(orderings).join(', ')}.`,
        type: 'value_error',
      },
    ]);
  }
  const direction = descending ? 'DESC' : 'ASC';
  qb.orderBy(column, direction, descending ? 'NULLS LAST' : 'NULLS FIRST').addOrderBy(
    `${qb.alias}.id`,
    direction,
  );
  const [rows, total] = await qb
    .skip(query.page * query.size)
    .take(query.size)
    .getManyAndCount();
  return { items: rows, total };
}
