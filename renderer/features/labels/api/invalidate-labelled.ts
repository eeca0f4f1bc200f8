import { useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-roots';
import { labelKeys } from './keys';

/**
 * A label change shows on every record, line, clinical data entry and hemolysis data set carrying
 * it, so those lists refresh too.
 */
export function useInvalidateLabelled() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        labelKeys.all,
        queryRoots.records,
        queryRoots.lines,
        queryRoots.clinicalData,
        queryRoots.hemolysis,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}
