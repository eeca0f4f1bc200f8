import { useMutation } from '@tanstack/react-query';
import type { LabelCreate, LabelDto } from '../../../../shared/api/labels';
import { api } from '../../../lib/api-client';
import { useInvalidateLabelled } from './invalidate-labelled';

export async function createLabel(instituteId: number, body: LabelCreate): Promise<LabelDto> {
  const { data } = await api.post<LabelDto>(`/v2/institutes/${instituteId}/labels`, body);
  return data;
}

export function useCreateLabel(instituteId: number) {
  const invalidate = useInvalidateLabelled();
  return useMutation({
    mutationFn: (body: LabelCreate) => createLabel(instituteId, body),
    onSuccess: invalidate,
  });
}
