import type { GridSortModel } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router-dom';

/**
 * A server-sorted grid's `ordering` kept in the address next to its page and filters.
 * `sortFields` maps each sortable grid column to the API's ordering field; an ordering the list
 * does not know (a hand-edited address) falls back to `fallback`.
 */
export function useUrlOrdering<O extends string>(
  sortFields: Record<string, string>,
  orderings: readonly string[],
  fallback: O,
): [GridSortModel, (model: GridSortModel) => void, O] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('ordering') ?? fallback;
  const ordering = (orderings.includes(raw.replace(/^-/, '')) ? raw : fallback) as O;
  const field = Object.entries(sortFields).find(([, api]) => api === ordering.replace(/^-/, ''));
  const model: GridSortModel = field
    ? [{ field: field[0], sort: ordering.startsWith('-') ? 'desc' : 'asc' }]
    : [];
  const set = (next: GridSortModel) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const first = next[0];
        if (!first?.sort) updated.delete('ordering');
        else
          updated.set('ordering', `${first.sort === 'desc' ? '-' : ''}${sortFields[first.field]}`);
        return updated;
      },
      { replace: true },
    );
  return [model, set, ordering];
}
