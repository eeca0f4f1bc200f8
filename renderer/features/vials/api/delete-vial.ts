import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vialKeys } from './keys';

/** Retires the vial: it stays listed as retired, with every record it made. */
export async function deleteVial(label: string): Promise<void> {
  await api.delete(`/v2/vials/${encodeURIComponent(label)}`);
}

export function useDeleteVial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vialKeys.lists() }),
  });
}
