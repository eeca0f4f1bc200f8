import { useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-roots';
import { labelKeys } from './keys';

/** A label change shows on every record and line carrying it, so those lists refresh too. */
export function useInvalidateLabelled() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [labelKeys.all, queryRoots.records, queryRoots.lines].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}
