import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CodeCreate,
  CodeUpdate,
  CodeWriteDto,
  LocationCreate,
  LocationWriteDto,
  MappingDeletedDto,
  RetryAnswerDto,
} from '../../../../shared/api/lab-feed';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { labFeedKeys } from './keys';

/**
 * A mapping write re-files results: the feed's screens, the feed's HI data sets and the lines'
 * outcomes all change.
 */
function useFeedWrite<A, R>(write: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all(
        [labFeedKeys.all, queryRoots.hemolysis, queryRoots.labOutcomes].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useCreateLocation = (instituteId: number) =>
  useFeedWrite(
    async (body: LocationCreate) =>
      (await api.post<LocationWriteDto>(`/v2/institutes/${instituteId}/lab-feed/locations`, body))
        .data,
  );

export const useCreateCode = (instituteId: number) =>
  useFeedWrite(
    async (body: CodeCreate) =>
      (await api.post<CodeWriteDto>(`/v2/institutes/${instituteId}/lab-feed/codes`, body)).data,
  );

export const useUpdateCode = () =>
  useFeedWrite(
    async ({ id, ...body }: CodeUpdate & { id: number }) =>
      (await api.patch<CodeWriteDto>(`/v2/lab-feed/codes/${id}`, body)).data,
  );

export const useDeleteMapping = () =>
  useFeedWrite(
    async ({ kind, id }: { kind: 'locations' | 'codes'; id: number }) =>
      (await api.delete<MappingDeletedDto>(`/v2/lab-feed/${kind}/${id}`)).data,
  );

export const useRetryMessages = (instituteId: number) =>
  useFeedWrite(
    async (ids: number[]) =>
      (
        await api.post<RetryAnswerDto>(`/v2/institutes/${instituteId}/lab-feed/messages/retry`, {
          ids,
        })
      ).data,
  );
