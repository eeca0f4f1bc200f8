import { queryRoots } from '../../../lib/query-roots';

/** Every query key of peer benchmarking: an institute's switch, its benchmarks, the overview. */
export const benchmarkKeys = {
  all: queryRoots.benchmarks,
  optIn: (instituteId: number) => [...queryRoots.benchmarks, 'opt-in', instituteId] as const,
  institute: (instituteId: number, quarter: string | null) =>
    [...queryRoots.benchmarks, 'institute', instituteId, quarter] as const,
  overview: (quarter: string | null) => [...queryRoots.benchmarks, 'overview', quarter] as const,
};
