import type { ClinicalDataListParams } from '../../../../shared/api/clinical-data';
import { queryRoots } from '../../../lib/query-roots';

/** Every query key of the clinical data feature, so invalidations reach exactly what they mean. */
export const clinicalDataKeys = {
  all: queryRoots.clinicalData,
  lists: () => [...queryRoots.clinicalData, 'list'] as const,
  list: (instituteId: number | null, params: ClinicalDataListParams) =>
    [...clinicalDataKeys.lists(), instituteId, params] as const,
  detail: (id: number) => [...queryRoots.clinicalData, 'detail', id] as const,
  recordChoices: (instituteId: number, date: string) =>
    [...queryRoots.clinicalData, 'record-choices', instituteId, date] as const,
};

/**
 * What a change of clinical data makes stale beyond its own lists: the model and every figure it
 * computes (rejections of records and lines, the calculator, the observed-vs-predicted summary).
 */
export const MODEL_DEPENDENT_ROOTS = [
  queryRoots.rejectionModel,
  queryRoots.rejection,
  queryRoots.lines,
  queryRoots.records,
  queryRoots.hemolysis,
] as const;
