import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/client.ts';

/** Client errors (4xx) are answers, not glitches: only network failures and 5xx are retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
