/** The feature's names for the shapes of shared/api/benchmarks.ts (never re-typed). */
export type {
  BenchmarkGroupDto as BenchmarkGroup,
  BenchmarkIndicatorDto as BenchmarkIndicator,
  BenchmarkingOptInDto as BenchmarkingOptIn,
  BenchmarkLineDto as BenchmarkLine,
  BenchmarksOverviewDto as BenchmarksOverview,
  HemolysisBand,
  Indicator,
  InstituteBenchmarksDto as InstituteBenchmarks,
  LineBand,
  OverviewGroupDto as OverviewGroup,
  OverviewHemolysisGroupDto as OverviewHemolysisGroup,
  PercentilesDto as Percentiles,
} from '../../../../shared/api/benchmarks';
