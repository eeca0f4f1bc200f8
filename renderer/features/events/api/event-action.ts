import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EventAcknowledge,
  EventClose,
  MonitoringEventDto,
} from '../../../../shared/api/events';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { eventKeys } from './keys';

export type EventAction =
  { kind: 'acknowledge'; body: EventAcknowledge } | { kind: 'close'; body: EventClose };

/**
 * Acknowledges or closes an event. Every list of events refreshes, and so do the lines: their
 * badge counts the open ones.
 */
export function useEventAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: EventAction }) => {
      const { data } = await api.post<MonitoringEventDto>(
        `/v2/events/${id}/${action.kind}`,
        action.body,
      );
      return data;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.lines }),
      ]),
  });
}
