import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateClinicalData } from './invalidate';

export async function deleteClinicalData(id: number): Promise<void> {
  await api.delete(`/v2/clinical-data/${id}`);
}

export function useDeleteClinicalData() {
  const invalidate = useInvalidateClinicalData();
  return useMutation({ mutationFn: deleteClinicalData, onSuccess: invalidate });
}
