import { queryRoots } from '../../../lib/query-roots';

export interface ComparisonStudiesQuery {
  instituteId: number | null;
  /** Zero-based. */
  page?: number;
  size?: number;
}

/** Every query key of the comparison studies feature: lists, a study, its results and pairs. */
export const comparisonStudyKeys = {
  all: queryRoots.comparisonStudies,
  lists: () => [...queryRoots.comparisonStudies, 'list'] as const,
  list: (query: ComparisonStudiesQuery) => [...comparisonStudyKeys.lists(), query] as const,
  detail: (id: number) => [...queryRoots.comparisonStudies, 'detail', id] as const,
  results: (id: number) => [...queryRoots.comparisonStudies, 'results', id] as const,
  pairs: (id: number) => [...queryRoots.comparisonStudies, 'pairs', id] as const,
  suggestedLines: (instituteId: number) =>
    [...queryRoots.comparisonStudies, 'suggested-lines', instituteId] as const,
  sampleSize: (body: object) => [...queryRoots.comparisonStudies, 'sample-size', body] as const,
};
