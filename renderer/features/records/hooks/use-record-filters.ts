import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RecordsParams } from '../api/get-records';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_ORDERING = '-date';

/**
 * The records list's filters exactly as the address bar holds them, under the API's names, so a
 * link (the heat map's, a colleague's) reproduces the view. Lists are comma-separated.
 */
export interface RecordFilters {
  line_ids: number[];
  validation_ids: number[];
  /** ISO instants: the start of the From day and of the day after To, in the institute's zone. */
  date__gte: string | null;
  date__lt: string | null;
  /** Label ids and the built-in 'unlabeled'. */
  labels: string[];
  /** The exclude toggle: false on load. */
  exclude: boolean;
  rejection: string[];
  include_hidden: boolean;
  /** Carried through from links (the heat map sends hidden=false); not a control. */
  hidden: boolean | null;
}

const FILTER_KEYS = [
  'line_ids',
  'validation_ids',
  'date__gte',
  'date__lt',
  'labels',
  'exclude',
  'rejection',
  'include_hidden',
  'hidden',
] as const;

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const ids = (value: string | null) => list(value).map(Number).filter(Number.isInteger);
const bool = (value: string | null) => (value === null ? null : value === 'true');

export function parseFilters(params: URLSearchParams): RecordFilters {
  return {
    line_ids: ids(params.get('line_ids')),
    validation_ids: ids(params.get('validation_ids')),
    date__gte: params.get('date__gte'),
    date__lt: params.get('date__lt'),
    labels: list(params.get('labels')),
    exclude: bool(params.get('exclude')) ?? false,
    rejection: list(params.get('rejection')),
    include_hidden: bool(params.get('include_hidden')) ?? false,
    hidden: bool(params.get('hidden')),
  };
}

/** Search params for filters: empty ones are left out, so the address stays short. */
export function filterSearch(filters: Partial<RecordFilters>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length) out[key] = value.join(',');
    } else if (typeof value === 'boolean') {
      if (value || key === 'exclude' || key === 'hidden') out[key] = String(value);
    } else if (value !== '') out[key] = value;
  }
  return out;
}

/** How many filters differ from the view on load: the badge on the filters button. */
export function activeFilterCount(f: RecordFilters): number {
  return [
    f.line_ids.length > 0,
    f.validation_ids.length > 0,
    f.date__gte !== null,
    f.date__lt !== null,
    f.labels.length > 0,
    f.exclude,
    f.rejection.length > 0,
    f.include_hidden,
  ].filter(Boolean).length;
}

/** The filters as the list call sends them. */
export function filterParams(f: RecordFilters): RecordsParams {
  const joined = (v: string[]) => (v.length ? v.join(',') : undefined);
  return {
    line_ids: f.line_ids,
    validation_ids: f.validation_ids,
    date__gte: f.date__gte ?? undefined,
    date__lt: f.date__lt ?? undefined,
    labels: joined(f.labels),
    exclude: f.exclude,
    rejection: joined(f.rejection),
    include_hidden: f.include_hidden || undefined,
    hidden: f.hidden ?? undefined,
  };
}

/** Filters, one-based page, page size and ordering of the records list, read from and written to the address. */
export function useRecordFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam)
    ? sizeParam
    : DEFAULT_PAGE_SIZE;
  const ordering = params.get('ordering') ?? DEFAULT_ORDERING;

  const setFilters = useCallback(
    (patch: Partial<RecordFilters>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          FILTER_KEYS.forEach((k) => next.delete(k));
          next.delete('page'); // another filter, another first page
          const merged = { ...parseFilters(prev), ...patch };
          Object.entries(filterSearch(merged)).forEach(([k, v]) => next.set(k, v));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setView = useCallback(
    (view: { page?: number; size?: number; ordering?: string }) => {
      // The grid also reports the view it already shows (when its rows arrive). Navigating then
      // would be no change at best; at worst it lands right after a filter change, from the
      // address as it was before it (the router's updater is not queued), and undoes the filter.
      const unchanged =
        (view.page ?? page) === page &&
        (view.size ?? size) === size &&
        (view.ordering ?? ordering) === ordering;
      if (unchanged) return;
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (view.page !== undefined) next.set('page', String(view.page));
        if (view.size !== undefined) next.set('size', String(view.size));
        if (view.ordering !== undefined) next.set('ordering', view.ordering);
        return next;
      });
    },
    [setParams, page, size, ordering],
  );

  const clearFilters = useCallback(
    () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          FILTER_KEYS.forEach((k) => next.delete(k));
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { filters, page, size, ordering, setFilters, setView, clearFilters, search: params };
}
