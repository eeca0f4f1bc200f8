import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vial, VialCreate } from '../../../../shared/api/vials';
import { api } from '../../../lib/api-client';
import { vialKeys } from './keys';

export async function updateVial(label: string, body: Partial<VialCreate>): Promise<Vial> {
  const { data } = await api.patch<Vial>(`/v2/vials/${encodeURIComponent(label)}`, body);
  return data;
}

export function useUpdateVial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ label, body }: { label: string; body: Partial<VialCreate> }) =>
      updateVial(label, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vialKeys.lists() }),
  });
}
