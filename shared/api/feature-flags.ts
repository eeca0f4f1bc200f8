import { z } from 'zod';

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

export const featureFlags = z.object(
  Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean()])) as Record<
    FeatureFlagName,
    z.ZodBoolean
  >,
);
export type FeatureFlags = z.infer<typeof featureFlags>;

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

/** Defaults, then the institute's own set, then a staff member's local overrides. */
export function effectiveFlags(
  institute: Partial<FeatureFlags> | null | undefined,
  overrides: Partial<FeatureFlags> = {},
  defaults: FeatureFlags = DEFAULT_FEATURE_FLAGS,
): FeatureFlags {
  return { ...defaults, ...(institute ?? {}), ...overrides };
}
