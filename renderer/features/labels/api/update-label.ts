import { useMutation } from '@tanstack/react-query';
import type { LabelDto, LabelUpdate } from '../../../../shared/api/labels';
import { api } from '../../../lib/api-client';
import { useInvalidateLabelled } from './invalidate-labelled';

export async function updateLabel(id: number, body: LabelUpdate): Promise<LabelDto> {
  const { data } = await api.patch<LabelDto>(`/v2/labels/${id}`, body);
  return data;
}

export function useUpdateLabel() {
  const invalidate = useInvalidateLabelled();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LabelUpdate }) => updateLabel(id, body),
    onSuccess: invalidate,
  });
}
