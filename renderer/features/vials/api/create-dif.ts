import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VialDiff } from '../../../../shared/api/vials';
import { api } from '../../../lib/api-client';
import { vialKeys } from './keys';

/** Builds and stores the vial's data inventory (DIF) file. */
export async function createDif(label: string): Promise<VialDiff> {
  const { data } = await api.post<VialDiff>('/v2/vials/create-diff', { label });
  return data;
}

export function useCreateDif() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDif,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vialKeys.lists() }),
  });
}
