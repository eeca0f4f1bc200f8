import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http-client';

/** Client errors (4xx) will not change on a retry; network trouble and 5xx might. */
const retry = (failures: number, error: unknown) => {
  const status = isHttpError(error) ? error.response?.status : undefined;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failures < 2;
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
