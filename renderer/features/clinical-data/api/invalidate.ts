import { useQueryClient } from '@tanstack/react-query';
import { clinicalDataKeys, MODEL_DEPENDENT_ROOTS } from './keys';

/** After a change: the lists, and what the recalibrated model changes. */
export function useInvalidateClinicalData() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: clinicalDataKeys.all }),
      ...MODEL_DEPENDENT_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
}
