/** The feature's names for the shapes of shared/api/benchmarks.ts (never re-typed). */
export type {
  BenchmarkGroupDto as BenchmarkGroup,
  BenchmarkingOptInDto as BenchmarkingOptIn,
  BenchmarkLineDto as BenchmarkLine,
  BenchmarksOverviewDto as BenchmarksOverview,
  HemolysisBand,
  Indicator,
  InstituteBenchmarksDto as InstituteBenchmarks,
  LineBand,
  PercentilesDto as Percentiles,
} from '../../../../shared/api/benchmarks';
