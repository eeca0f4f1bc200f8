import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ValidationDto } from '../../../../shared/api/validations';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { validationKeys } from './keys';

export async function completeValidation(id: number): Promise<ValidationDto> {
  const { data } = await api.post<ValidationDto>(`/v2/validations/${id}/complete`);
  return data;
}

/** Completing sets the lines' validated range: lines change too. */
export function useCompleteValidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeValidation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: validationKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.lines }),
      ]),
  });
}
