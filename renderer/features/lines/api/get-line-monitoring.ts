import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LineMonitoringDto } from '../../../../shared/api/monitoring';
import { api } from '../../../lib/api-client';
import { lineKeys } from './keys';

export async function getLineMonitoring(
  lineId: number,
  before: number | undefined,
): Promise<LineMonitoringDto> {
  const { data } = await api.get<LineMonitoringDto>(`/v2/lines/${lineId}/monitoring`, {
    params: { before },
  });
  return data;
}

export const lineMonitoringQueryOptions = (lineId: number, before: number | undefined) =>
  queryOptions({
    queryKey: lineKeys.monitoring(lineId, before),
    queryFn: () => getLineMonitoring(lineId, before),
    // Paging back keeps the page in view until the next arrives; another line's never shows.
    placeholderData: (previous) => (previous?.line_id === lineId ? previous : undefined),
  });

/** The line's records since its baseline, judged by the control rules (the latest 200). */
export const useLineMonitoring = (lineId: number, before: number | undefined) =>
  useQuery(lineMonitoringQueryOptions(lineId, before));
