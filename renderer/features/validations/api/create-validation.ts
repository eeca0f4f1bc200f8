import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ValidationCreate, ValidationDto } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';
import { validationKeys } from './keys';

export async function createValidation(
  instituteId: number,
  body: ValidationCreate,
): Promise<ValidationDto> {
  const { data } = await api.post<ValidationDto>(`/v2/institutes/${instituteId}/validations`, body);
  return data;
}

export function useCreateValidation(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ValidationCreate) => createValidation(instituteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: validationKeys.all }),
  });
}
