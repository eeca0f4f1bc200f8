import type {
  HemolysisDataListParams,
  MeasurementListParams,
  SummaryParams,
} from '../../../../shared/api/hemolysis';
import { queryRoots } from '../../../lib/query-roots';

/** Every query key of the hemolysis feature. */
export const hemolysisKeys = {
  all: queryRoots.hemolysis,
  lists: () => [...queryRoots.hemolysis, 'list'] as const,
  list: (instituteId: number | null, params: HemolysisDataListParams) =>
    [...hemolysisKeys.lists(), instituteId, params] as const,
  detail: (id: number) => [...queryRoots.hemolysis, 'detail', id] as const,
  days: (id: number) => [...hemolysisKeys.detail(id), 'days'] as const,
  measurements: (id: number, params: MeasurementListParams) =>
    [...hemolysisKeys.detail(id), 'measurements', params] as const,
  summary: (instituteId: number | null, params: SummaryParams) =>
    [...queryRoots.hemolysis, 'summary', instituteId, params] as const,
};
