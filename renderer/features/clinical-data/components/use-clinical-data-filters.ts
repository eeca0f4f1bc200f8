import { useSearchParams } from 'react-router-dom';
import type { ClinicalDataListParams } from '../../../../shared/api/clinical-data';

/**
 * The filters of administration.md section 9, kept in the address: labels, line_id and dates;
 * and `record`, the entries linking one record (the record page links here with it).
 */
export interface ClinicalDataFilters {
  labels: number[];
  line_id: number | null;
  record: number | null;
  /** `YYYY-MM-DD` */
  date__gte: string | null;
  date__lt: string | null;
}

const FILTER_KEYS = ['labels', 'line_id', 'record', 'date__gte', 'date__lt'] as const;

/** No filter at all. */
export const NO_CLINICAL_FILTERS: ClinicalDataFilters = {
  labels: [],
  line_id: null,
  record: null,
  date__gte: null,
  date__lt: null,
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseClinicalFilters(params: URLSearchParams): ClinicalDataFilters {
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : null;
  };
  const id = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  return {
    labels: (params.get('labels') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    line_id: id('line_id'),
    record: id('record'),
    date__gte: day('date__gte'),
    date__lt: day('date__lt'),
  };
}

/** The API parameters of the filters (empty ones left out). */
export function filterParams(f: ClinicalDataFilters): ClinicalDataListParams {
  return {
    ...(f.labels.length ? { labels: f.labels.join(',') } : {}),
    ...(f.line_id !== null ? { line_id: f.line_id } : {}),
    ...(f.record !== null ? { record: f.record } : {}),
    ...(f.date__gte ? { date__gte: f.date__gte } : {}),
    ...(f.date__lt ? { date__lt: f.date__lt } : {}),
  };
}

export function useClinicalDataFilters(): [
  ClinicalDataFilters,
  (patch: Partial<ClinicalDataFilters>) => void,
] {
  const [params, setParams] = useSearchParams();
  const filters = parseClinicalFilters(params);
  const set = (patch: Partial<ClinicalDataFilters>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const merged = { ...parseClinicalFilters(current), ...patch };
        for (const key of FILTER_KEYS) next.delete(key);
        for (const [key, value] of Object.entries(filterParams(merged)))
          next.set(key, String(value));
        next.delete('page'); // a new filter starts at the first page
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}
