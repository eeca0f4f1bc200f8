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

/** The ORDER BY of `ordering=field` / `-field` from an allow-list, or a 422 naming the choices. */
function orderingOf(orderings: Record<string, string>, ordering: string) {
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
  const direction: 'ASC' | 'DESC' = descending ? 'DESC' : 'ASC';
  const nulls: 'NULLS LAST' | 'NULLS FIRST' = descending ? 'NULLS LAST' : 'NULLS FIRST';
  return { column, direction, nulls };
}

/**
 * Whether `alias.property` can be null: nullable columns, and any column of a joined alias (a
 * left join gives nulls). A NOT NULL column is ordered without a NULLS clause, so a backward scan
 * of an ascending index serves the descending order (DESC NULLS LAST would not match it).
 */
function nullable<E extends ObjectLiteral>(qb: SelectQueryBuilder<E>, column: string): boolean {
  const [alias, property] = column.split('.');
  if (alias !== qb.alias || property === undefined) return true;
  const found = qb.expressionMap.mainAlias?.metadata.findColumnWithPropertyPath(property);
  return found?.isNullable ?? true;
}

/**
 * Orders `qb` by `ordering=field` / `-field` from an allow-list, with the id as tie-breaker:
 * the order of a list's pages, also for a whole list streamed at once (exports).
 */
export function applyOrdering<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  ordering: string | undefined,
  orderings: Record<string, string>,
  defaultOrdering: string,
): SelectQueryBuilder<E> {
  const ordered = orderingOf(orderings, ordering || defaultOrdering);
  const nulls = nullable(qb, ordered.column) ? ordered.nulls : undefined;
  return qb
    .orderBy(ordered.column, ordered.direction, nulls)
    .addOrderBy(`${qb.alias}.id`, ordered.direction);
}

/**
 * Applies `ordering=field` / `-field` from an allow-list mapping API field names to SQL
 * expressions, then the zero-based page, and answers `{items, total}`. An id tie-breaker keeps
 * pages stable when many rows share the sort value.
 *
 * With `load`, `qb` holds only the filters (and to-one joins an ordering needs): the page's ids
 * come from an index-ordered `SELECT id … LIMIT`, `total` from a plain `count(*)` beside it, and
 * `load(ids)` fetches those rows with their to-many relations — no DISTINCT over a join, and
 * labels or lines read for the page only; `knownTotal`, when given, answers the total instead. Without it, for small tables, TypeORM does it all.
 */
export async function paginate<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  query: PageQuery,
  orderings: Record<string, string>,
  defaultOrdering: string,
  load?: (ids: number[]) => Promise<E[]>,
  /** The exact total when something cheaper than counting the rows knows it. */
  knownTotal?: () => Promise<number>,
): Promise<Page<E>> {
  const ordered = orderingOf(orderings, query.ordering || defaultOrdering);
  const { column, direction } = ordered;
  const nulls = nullable(qb, column) ? ordered.nulls : undefined;
  if (load) {
    const idsQuery = qb
      .clone()
      .select(`${qb.alias}.id`, 'id')
      .orderBy(column, direction, nulls)
      .addOrderBy(`${qb.alias}.id`, direction)
      .offset(query.page * query.size)
      .limit(query.size);
    const counting =
      knownTotal?.() ??
      qb
        .clone()
        .select('count(*)::int', 'count')
        .orderBy()
        .getRawOne<{ count: number }>()
        .then((row) => row?.count ?? 0);
    const [rows, total] = await Promise.all([idsQuery.getRawMany<{ id: number }>(), counting]);
    const ids = rows.map((r) => r.id);
    const loaded = ids.length ? await load(ids) : [];
    const byId = new Map(loaded.map((e) => [e.id as number, e]));
    return {
      items: ids.flatMap((id) => byId.get(id) ?? []),
      total,
    };
  }
  applyOrdering(qb, query.ordering, orderings, defaultOrdering);
  const [rows, total] = await qb
    .skip(query.page * query.size)
    .take(query.size)
    .getManyAndCount();
  return { items: rows, total };
}
