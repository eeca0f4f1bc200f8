import type { QueryClient } from '@tanstack/react-query';

/**
 * The first element of every query key, one per kind of server data. A feature's key factory
 * (`features/<area>/api/keys.ts`) builds on its root; invalidating a root refreshes everything
 * under it. A mutation that changes another feature's data (a label shows on records and lines)
 * invalidates that feature's root from here, without importing the feature.
 */
export const queryRoots = {
  /** The signed-in user's personal access tokens (never the tokens themselves). */
  accessTokens: ['access-tokens'],
  auth: ['auth'],
  analyzer: ['analyzer'],
  /** Peer benchmarking: an institute's switch, its quarter's figures, the staff overview. */
  benchmarks: ['benchmarks'],
  /** The audit trail: the Audit Log and each object's History. */
  audit: ['audit'],
  clinicalData: ['clinical-data'],
  comments: ['comments'],
  /** Paired-sample comparison studies, their results and pairs. */
  comparisonStudies: ['comparison-studies'],
  contracts: ['contracts'],
  /** The desktop installers of /downloads. */
  downloads: ['downloads'],
  /** Line-monitoring events (alarms) and their counts. */
  events: ['events'],
  featureFlags: ['feature-flags'],
  /** Hemolysis-index data sets, their measurements and the observed-vs-predicted summary. */
  hemolysis: ['hemolysis'],
  institutes: ['institutes'],
  labels: ['labels'],
  /** The lab feed: its status, needs-mapping inbox, mappings and messages. */
  labFeed: ['lab-feed'],
  /** The lab feed's daily outcomes of a line, the before/after test and the comment cut-offs. */
  labOutcomes: ['lab-outcomes'],
  lines: ['lines'],
  /** The signed-in user's notifications, their unread count and their settings per institute. */
  notifications: ['notifications'],
  records: ['records'],
  /** Kept apart from records: the series of a run never change, edits must not refetch them. */
  recordSeries: ['record-series'],
  rejection: ['rejection'],
  /** The rejection model in use: clinical data recalibrates it. */
  rejectionModel: ['rejection-model'],
  reports: ['reports'],
  /** The provider's contact details. */
  support: ['support'],
  /** Choice lists of the types endpoints (manufacturers, analyzer makes). */
  types: ['types'],
  users: ['users'],
  validations: ['validations'],
  vials: ['vials'],
} as const;

/**
 * What a change of the rejection model or of the analyzer's thresholds makes stale: the model in
 * use and every figure computed from it (the calculator, each record's rejection chip, line and
 * validation rates, the observed-vs-predicted summary). The one list for both changes.
 */
export const REJECTION_DEPENDENT_ROOTS = [
  queryRoots.rejectionModel,
  queryRoots.rejection,
  queryRoots.records,
  queryRoots.lines,
  queryRoots.validations,
  queryRoots.hemolysis,
  // The outcome tiers and the before/after cut-off are the analyzer's thresholds.
  queryRoots.labOutcomes,
] as const;

export const invalidateRejectionFigures = (queryClient: QueryClient) =>
  Promise.all(
    REJECTION_DEPENDENT_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
