import { useMutation } from '@tanstack/react-query';
import type { ClinicalDataCreate, ClinicalDataDto } from '../../../../shared/api/clinical-data';
import { api } from '../../../lib/api-client';
import { useInvalidateClinicalData } from './invalidate';

export async function createClinicalData(
  instituteId: number,
  body: ClinicalDataCreate,
): Promise<ClinicalDataDto> {
  const { data } = await api.post<ClinicalDataDto>(
    `/v2/institutes/${instituteId}/clinical-data`,
    body,
  );
  return data;
}

export function useCreateClinicalData(instituteId: number) {
  const invalidate = useInvalidateClinicalData();
  return useMutation({
    mutationFn: (body: ClinicalDataCreate) => createClinicalData(instituteId, body),
    onSuccess: invalidate,
  });
}
