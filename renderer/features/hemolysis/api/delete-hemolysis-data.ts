import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hemolysisKeys } from './keys';

export async function deleteHemolysisData(id: number): Promise<void> {
  await api.delete(`/v2/hemolysis-index-data/${id}`);
}

export function useDeleteHemolysisData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHemolysisData,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: hemolysisKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: hemolysisKeys.lists() });
    },
  });
}
