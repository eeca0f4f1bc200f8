import { useQueryClient } from '@tanstack/react-query';
import { invalidateRejectionFigures } from '../../../lib/query-roots';
import { clinicalDataKeys } from './keys';

/** After a change: the lists, and what the recalibrated model changes. */
export function useInvalidateClinicalData() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: clinicalDataKeys.all }),
      invalidateRejectionFigures(queryClient),
    ]);
}
