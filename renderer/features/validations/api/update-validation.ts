import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ValidationDto, ValidationUpdate } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';
import { validationKeys } from './keys';

export async function updateValidation(id: number, body: ValidationUpdate): Promise<ValidationDto> {
  const { data } = await api.patch<ValidationDto>(`/v2/validations/${id}`, body);
  return data;
}

export function useUpdateValidation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ValidationUpdate) => updateValidation(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: validationKeys.all }),
  });
}
