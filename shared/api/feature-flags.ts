import { z } from 'zod';
import { FEATURE_FLAG_NAMES, type FeatureFlagName } from '../domain/feature-flags';

/** An institute's full set of flags, as the API reads and writes it. */
export const featureFlags = z.object(
  Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean()])) as Record<
    FeatureFlagName,
    z.ZodBoolean
  >,
);
