import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  LabFeedSettingsDto,
  LabFeedSettingsUpdate,
} from '../../../../shared/api/lab-outcomes';
import { api } from '../../../lib/api-client';
import { labOutcomeKeys } from './keys';

export async function updateLabFeedSettings(
  instituteId: number,
  body: LabFeedSettingsUpdate,
): Promise<LabFeedSettingsDto> {
  const { data } = await api.put<LabFeedSettingsDto>(
    `/v2/institutes/${instituteId}/lab-feed/settings`,
    body,
  );
  return data;
}

/** New cut-offs change every day's tiers: the settings are kept, the outcomes refetched. */
export const updateLabFeedSettingsMutation = (queryClient: QueryClient, instituteId: number) => ({
  mutationFn: (body: LabFeedSettingsUpdate) => updateLabFeedSettings(instituteId, body),
  onSuccess: (settings: LabFeedSettingsDto) => {
    queryClient.setQueryData(labOutcomeKeys.settings(instituteId), settings);
    return queryClient.invalidateQueries({ queryKey: labOutcomeKeys.all });
  },
});

export function useUpdateLabFeedSettings(instituteId: number) {
  return useMutation(updateLabFeedSettingsMutation(useQueryClient(), instituteId));
}
