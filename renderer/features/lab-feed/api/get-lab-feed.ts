import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type {
  CodeMappingDto,
  FeedMessageDto,
  LabFeedStatusDto,
  LocationMappingDto,
  PendingGroupsDto,
} from '../../../../shared/api/lab-feed';
import { api } from '../../../lib/api-client';
import { useAreaOpen } from '../../institutes';
import { labFeedKeys, type FeedMessagesQuery } from './keys';

const get = async <T>(url: string, params?: object): Promise<T> =>
  (await api.get<T>(url, { params })).data;

/** The feed's status: 14 days of counts, the last message and error. */
export function useLabFeedStatus(instituteId: number) {
  const open = useAreaOpen('hemolysisTracking', instituteId);
  return useQuery({
    queryKey: labFeedKeys.status(instituteId),
    queryFn: () => get<LabFeedStatusDto>(`/v2/institutes/${instituteId}/lab-feed/status`),
    enabled: open,
  });
}

/** The needs-mapping inbox's groups, most results first. */
export function usePendingGroups(instituteId: number) {
  const open = useAreaOpen('hemolysisTracking', instituteId);
  return useQuery({
    queryKey: labFeedKeys.pending(instituteId),
    queryFn: () => get<PendingGroupsDto>(`/v2/institutes/${instituteId}/lab-feed/pending`),
    enabled: open,
  });
}

/** Every location mapping of the organization. */
export function useLocationMappings(instituteId: number) {
  const open = useAreaOpen('hemolysisTracking', instituteId);
  return useQuery({
    queryKey: labFeedKeys.locations(instituteId),
    queryFn: () =>
      get<{ items: LocationMappingDto[] }>(`/v2/institutes/${instituteId}/lab-feed/locations`),
    enabled: open,
  });
}

/** Every result code mapping of the organization. */
export function useCodeMappings(instituteId: number) {
  const open = useAreaOpen('hemolysisTracking', instituteId);
  return useQuery({
    queryKey: labFeedKeys.codes(instituteId),
    queryFn: () => get<{ items: CodeMappingDto[] }>(`/v2/institutes/${instituteId}/lab-feed/codes`),
    enabled: open,
  });
}

/** The received messages, newest first, a page at a time. */
export function useFeedMessages(query: FeedMessagesQuery) {
  const open = useAreaOpen('hemolysisTracking', query.instituteId);
  return useQuery({
    queryKey: labFeedKeys.messages(query),
    queryFn: () =>
      get<Paginated<FeedMessageDto>>(`/v2/institutes/${query.instituteId}/lab-feed/messages`, {
        page: query.page,
        size: query.size,
      }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
}
