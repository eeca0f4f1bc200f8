import { useQueryClient } from '@tanstack/react-query';

/** A label change shows on every record and line carrying it, so those lists refresh too. */
export function useInvalidateLabelled() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['labels', 'records', 'lines'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}
