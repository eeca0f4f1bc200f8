import { queryRoots } from '../../../lib/query-roots';

export const analyzerKeys = {
  all: queryRoots.analyzer,
  detail: (instituteId: number) => [...queryRoots.analyzer, instituteId] as const,
  makes: () => [...queryRoots.types, 'analyzer-makes'] as const,
  /** The choice list of /v2/types/analyzers. */
  analyzerModels: () => [...queryRoots.types, 'analyzer-models'] as const,
  rejection: (instituteId: number, value: number | null) =>
    [...queryRoots.rejection, instituteId, value] as const,
  /** The model in use: every change of clinical data recalibrates it. */
  models: queryRoots.rejectionModel,
  model: (instituteId: number) => [...queryRoots.rejectionModel, instituteId] as const,
};
