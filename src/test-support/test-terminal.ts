import type { Terminal } from '@/lib/terminal-context';

/** The terminal's context for a component test, over a simulated server's fetch (simulatedApi). */
export function testTerminal(fetch: typeof globalThis.fetch, overrides: Partial<Terminal> = {}): Terminal {
  return {
    mode: 'training',
    apiConfig: {
      baseUrl: 'http://sim.test/',
      loyaltyGroup: 'demo',
      token: 'demo-token',
      merchantId: 'M1',
      currency: 'EUR',
      timeoutMs: 2000,
      fetch,
    },
    scope: `test-${crypto.randomUUID()}`,
    currency: 'EUR',
    locale: 'en-IE',
    series: [],
    fetch,
    baseUrl: 'http://sim.test/',
    training: null,
    ...overrides,
  };
}
