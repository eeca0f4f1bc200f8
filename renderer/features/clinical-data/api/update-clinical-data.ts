import { useMutation } from '@tanstack/react-query';
import type { ClinicalDataDto, ClinicalDataUpdate } from '../../../../shared/api/clinical-data';
import { api } from '../../../lib/api-client';
import { useInvalidateClinicalData } from './invalidate';

export async function updateClinicalData(
  id: number,
  body: ClinicalDataUpdate,
): Promise<ClinicalDataDto> {
  const { data } = await api.patch<ClinicalDataDto>(`/v2/clinical-data/${id}`, body);
  return data;
}

export function useUpdateClinicalData() {
  const invalidate = useInvalidateClinicalData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ClinicalDataUpdate }) =>
      updateClinicalData(id, body),
    onSuccess: invalidate,
  });
}
