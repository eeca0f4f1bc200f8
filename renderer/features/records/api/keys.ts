import { queryRoots } from '../../../lib/query-roots';
import type { CumulativeMetric } from '../../../../shared/api/records';

/** Records, and apart from them (under their own root) the never-changing series of a run. */
export const recordKeys = {
  all: queryRoots.records,
  /** `params` as sent on the wire, so the same request shares one cache entry. */
  list: (instituteId: number | null, params: Record<string, unknown> | null) =>
    [...queryRoots.records, 'list', instituteId, params] as const,
  summary: (instituteId: number | null) => [...queryRoots.records, 'summary', instituteId] as const,
  detail: (id: number) => [...queryRoots.records, 'detail', id] as const,
  ofLine: (instituteId: number, lineId: number) =>
    [...queryRoots.records, 'line', instituteId, lineId] as const,
  acceleration: (id: number) => [...queryRoots.recordSeries, id, 'acceleration'] as const,
  temperature: (id: number) => [...queryRoots.recordSeries, id, 'temperature'] as const,
  cumulative: (id: number, metric: CumulativeMetric) =>
    [...queryRoots.recordSeries, id, 'cumulative', metric] as const,
};
