import { QueryClient } from '@tanstack/react-query';
import { LoyaltyApiError } from '@/api/errors';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A cashier is waiting: one quiet retry for transient trouble, then say what happened.
        retry: (count, error) => count < 1 && error instanceof LoyaltyApiError && error.transient,
        retryDelay: (_count, error) =>
          error instanceof LoyaltyApiError && error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : 300,
        refetchOnWindowFocus: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}
