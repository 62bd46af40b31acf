import { QueryClient, notifyManager } from '@tanstack/react-query';
import { LoyaltyApiError } from '@/api/errors';

// React Query tells the screens about an answer in a task of its own (setTimeout 0) by default; the
// card's amounts then wait behind whatever the browser runs first (3-9 ms at 4x CPU, measured).
// A microtask still batches what one answer changes into one render, drawn as the answer is read.
notifyManager.setScheduler((notify) => queueMicrotask(notify));

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
        // Sent whatever navigator.onLine says (React Query's default holds a read back while the
        // browser calls itself offline, so a scan showed nothing at all: no "Looking up…", no
        // failure). A till on a LAN, or training's simulator in the page, may well answer; if not,
        // the read fails and the screen says so and what to do.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
