/** The feature flags an institute may have; each gates an area of the product. */
export const FEATURE_FLAG_NAMES = [
  'clinicalData',
  'monitoring',
  'troubleshooting',
  'validation',
  'hemolysisTracking',
  'betaMetrics',
  'alpha',
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];
export type FeatureFlags = Record<FeatureFlagName, boolean>;

/** What an institute without its own set gets: the core monitoring and validation areas. */
export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  clinicalData: false,
  monitoring: true,
  troubleshooting: false,
  validation: true,
  hemolysisTracking: false,
  betaMetrics: false,
  alpha: false,
};

/**
 * Defaults, then the institute's own set (null: "use defaults"), then a staff member's local
 * overrides.
 */
export function effectiveFlags(
  institute: Partial<FeatureFlags> | null | undefined,
  overrides: Partial<FeatureFlags> = {},
  defaults: FeatureFlags = DEFAULT_FEATURE_FLAGS,
): FeatureFlags {
  return { ...defaults, ...(institute ?? {}), ...overrides };
}

/**
 * What a gated endpoint answers (403) when its area's flag is off for the institute. Flags
 * without an entry gate only what the renderer shows (monitoring: a view of data every role
 * reads elsewhere; betaMetrics: the staff's metric picker, which the role already limits).
 */
export const FLAG_OFF_DETAIL = {
  clinicalData: 'Clinical data is not enabled for this organization.',
  hemolysisTracking: 'Hemolysis tracking is not enabled for this organization.',
  troubleshooting: 'Troubleshooting is not enabled for this organization.',
  validation: 'Validation is not enabled for this organization.',
} as const satisfies Partial<Record<FeatureFlagName, string>>;
export type ServerGatedFlag = keyof typeof FLAG_OFF_DETAIL;

/**
 * Who may use an area whose flag is off: the provider's staff, always. Their local overrides
 * (the override panel) only change what they see, never what the server lets them do, so a
 * screen an override opens never meets a refusal.
 */
export const usesEveryArea = (user: { isStaff: boolean }): boolean => user.isStaff;

/** The one organization that keeps a record's time details without troubleshooting (spec). */
export const TROUBLESHOOTING_EXEMPT_INSTITUTE_ID = 399;

/**
 * Whether an institute's area is open: its flag is on, or, for troubleshooting (a record's time
 * details), the institute is the exempt one.
 */
export const areaOpen = (flags: FeatureFlags, flag: FeatureFlagName, instituteId: number) =>
  flags[flag] ||
  (flag === 'troubleshooting' && instituteId === TROUBLESHOOTING_EXEMPT_INSTITUTE_ID);
