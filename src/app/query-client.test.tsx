// @vitest-environment jsdom
import { QueryClientProvider, onlineManager, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/** A card read as the screens ask for one: what it shows while asked, then its answer or its failure. */
function Read({ read }: { read: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['card'], queryFn: read, retry: false });
  if (query.isError) return <p role="alert">Could not read the card</p>;
  if (query.data) return <p>Available {query.data}</p>;
  return <p role="status">{query.isFetching ? 'Looking up…' : 'nothing asked'}</p>;
}

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

describe('a read while the browser says it is offline', () => {
  it('is sent: a server on the store’s network (or training’s, in the page) answers, and the answer shows', async () => {
    onlineManager.setOnline(false);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Read read={async () => '€50.00'} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Available €50.00')).toBeTruthy();
  });

  it('that fails says so: never a screen with nothing on it', async () => {
    onlineManager.setOnline(false);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Read read={() => Promise.reject(new TypeError('Failed to fetch'))} />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Could not read the card');
  });
});
