import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { EventClose, MonitoringEventDto } from '../../../../shared/api/events';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { api } from '../../../lib/api-client';
import { lineKeys } from './keys';

export async function getLineEvents(
  instituteId: number,
  lineId: number,
): Promise<Paginated<MonitoringEventDto>> {
  const { data } = await api.get<Paginated<MonitoringEventDto>>(
    `/v2/institutes/${instituteId}/events`,
    { params: { line: lineId, size: FULL_LIST_SIZE } },
  );
  return data;
}

export const lineEventsQueryOptions = (instituteId: number, lineId: number) =>
  queryOptions({
    queryKey: lineKeys.events(lineId),
    queryFn: () => getLineEvents(instituteId, lineId),
  });

/** The line's monitoring events, newest first. */
export const useLineEvents = (instituteId: number, lineId: number) =>
  useQuery(lineEventsQueryOptions(instituteId, lineId));

export type EventAction = { kind: 'acknowledge' } | { kind: 'close'; body: EventClose };

/** Acknowledges or closes an event of the line. */
export function useEventAction(lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: EventAction }) => {
      const { data } = await api.post<MonitoringEventDto>(
        `/v2/events/${id}/${action.kind}`,
        action.kind === 'close' ? action.body : undefined,
      );
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineKeys.events(lineId) }),
  });
}
