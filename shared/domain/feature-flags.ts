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
