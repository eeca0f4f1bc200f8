import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vial, VialCreate } from '../../../../shared/api/vials';
import { api } from '../../../lib/api-client';
import { vialKeys } from './keys';

export async function createVial(body: VialCreate): Promise<Vial> {
  const { data } = await api.post<Vial>('/v2/vials', body);
  return data;
}

export function useCreateVial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vialKeys.lists() }),
  });
}
