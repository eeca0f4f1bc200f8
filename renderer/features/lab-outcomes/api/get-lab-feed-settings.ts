import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LabFeedSettingsDto } from '../../../../shared/api/lab-outcomes';
import { api } from '../../../lib/api-client';
import { labOutcomeKeys } from './keys';

/** The comment cut-offs of the lab outcomes, with the analyzer thresholds. */
export async function getLabFeedSettings(instituteId: number): Promise<LabFeedSettingsDto> {
  const { data } = await api.get<LabFeedSettingsDto>(
    `/v2/institutes/${instituteId}/lab-feed/settings`,
  );
  return data;
}

export const labFeedSettingsQueryOptions = (instituteId: number) =>
  queryOptions({
    queryKey: labOutcomeKeys.settings(instituteId),
    queryFn: () => getLabFeedSettings(instituteId),
  });

export const useLabFeedSettings = (instituteId: number) =>
  useQuery(labFeedSettingsQueryOptions(instituteId));
