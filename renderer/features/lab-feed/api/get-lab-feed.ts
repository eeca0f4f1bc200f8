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

/** One of the organization's lab-feed lists (key and path alike), asked while its area is open. */
function useFeedQuery<T>(instituteId: number, part: 'status' | 'pending' | 'locations' | 'codes') {
  const open = useAreaOpen('hemolysisTracking', instituteId);
  return useQuery({
    queryKey: labFeedKeys[part](instituteId),
    queryFn: () => get<T>(`/v2/institutes/${instituteId}/lab-feed/${part}`),
    enabled: open,
  });
}

/** The feed's status: 14 days of counts, the last message and error. */
export const useLabFeedStatus = (instituteId: number) =>
  useFeedQuery<LabFeedStatusDto>(instituteId, 'status');

/** The needs-mapping inbox's groups, most results first. */
export const usePendingGroups = (instituteId: number) =>
  useFeedQuery<PendingGroupsDto>(instituteId, 'pending');

/** Every location mapping of the organization. */
export const useLocationMappings = (instituteId: number) =>
  useFeedQuery<{ items: LocationMappingDto[] }>(instituteId, 'locations');

/** Every result code mapping of the organization. */
export const useCodeMappings = (instituteId: number) =>
  useFeedQuery<{ items: CodeMappingDto[] }>(instituteId, 'codes');

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
