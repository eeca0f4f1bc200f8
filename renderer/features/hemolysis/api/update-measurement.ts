import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeasurementDto } from '../../../../shared/api/hemolysis';
import { api } from '../../../lib/api-client';
import { hemolysisKeys } from './keys';

export async function updateMeasurement(
  id: number,
  mid: number,
  value: number,
): Promise<MeasurementDto> {
  const { data } = await api.patch<MeasurementDto>(
    `/v2/hemolysis-index-data/${id}/measurements/${mid}`,
    { value },
  );
  return data;
}

/** Corrects one measurement's value; the day, the data set and the summaries follow. */
export function useUpdateMeasurement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mid, value }: { mid: number; value: number }) =>
      updateMeasurement(id, mid, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hemolysisKeys.all }),
  });
}
