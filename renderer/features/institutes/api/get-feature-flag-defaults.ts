import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureFlags } from '../../../../shared/domain/feature-flags';
import { api } from '../../../lib/api-client';
import { instituteKeys } from './keys';

export async function getFeatureFlagDefaults(): Promise<FeatureFlags> {
  const { data } = await api.get<FeatureFlags>('/v2/feature-flags/defaults');
  return data;
}

export const featureFlagDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: instituteKeys.flagDefaults(),
    queryFn: getFeatureFlagDefaults,
    staleTime: 10 * 60_000,
  });

/** The flags of organizations without their own set. */
export const useFeatureFlagDefaults = () => useQuery(featureFlagDefaultsQueryOptions());
