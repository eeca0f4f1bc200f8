import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LineCreate, LineDto } from '../../../../shared/api/lines';
import { api } from '../../../lib/api-client';
import { lineKeys } from './keys';

export async function createLine(instituteId: number, body: LineCreate): Promise<LineDto> {
  const { data } = await api.post<LineDto>(`/v2/institutes/${instituteId}/lines`, body);
  return data;
}

export function useCreateLine(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LineCreate) => createLine(instituteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineKeys.lists() }),
  });
}
