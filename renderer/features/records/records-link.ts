import { filterSearch, type RecordFilters } from './hooks/use-record-filters';

/** A link into the records list showing exactly these filters (the dashboard's heat map uses it). */
export function recordsLink(
  filters: Partial<RecordFilters>,
  view: 'reviewed' | 'to-review' = 'reviewed',
) {
  const search = new URLSearchParams(filterSearch(filters)).toString();
  const path = view === 'to-review' ? '/records/to-review' : '/records';
  return search ? `${path}?${search}` : path;
}
