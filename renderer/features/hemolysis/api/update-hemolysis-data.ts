import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HemolysisDataDto, HemolysisDataUpdate } from '../../../../shared/api/hemolysis';
import { api } from '../../../lib/api-client';
import { hemolysisKeys } from './keys';

export async function updateHemolysisData(
  id: number,
  body: HemolysisDataUpdate,
): Promise<HemolysisDataDto> {
  const { data } = await api.patch<HemolysisDataDto>(`/v2/hemolysis-index-data/${id}`, body);
  return data;
}

export function useUpdateHemolysisData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: HemolysisDataUpdate }) =>
      updateHemolysisData(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hemolysisKeys.all }),
  });
}
