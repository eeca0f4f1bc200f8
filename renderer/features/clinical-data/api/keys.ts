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
