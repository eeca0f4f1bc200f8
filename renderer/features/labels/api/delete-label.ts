import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateLabelled } from './invalidate-labelled';

export async function deleteLabel(id: number): Promise<void> {
  await api.delete(`/v2/labels/${id}`);
}

export function useDeleteLabel() {
  const invalidate = useInvalidateLabelled();
  return useMutation({ mutationFn: deleteLabel, onSuccess: invalidate });
}
