import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { validationKeys } from './keys';

export async function deleteValidation(id: number): Promise<void> {
  await api.delete(`/v2/validations/${id}`);
}

/**
 * A deleted validation leaves its records unlinked and may have been a line's baseline: records
 * and lines change too.
 */
export function useDeleteValidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteValidation,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: validationKeys.detail(id) });
      return Promise.all(
        [validationKeys.all, queryRoots.records, queryRoots.lines].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
