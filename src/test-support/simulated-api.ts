import { createLoyaltyApi, type ApiConfig } from '@/api/loyalty-api';
import { parseDataset } from '@/simulator/engine/dataset';
import { createEngine } from '@/simulator/engine/engine';
import { createSimulatorApp } from '@/simulator/http/app';
import { simulatorFetch } from '@/simulator/browser/fetch-adapter';
import { demoDataset } from '@/simulator/demo-dataset';

/** The typed API over the real simulator handler (no mocks), with every request seen on the way. */
/** Bends a server's JSON answer on the way back (a proxy that lies); return the body unchanged to let it through. */
export type Bend = (path: string, body: Record<string, unknown>) => Record<string, unknown>;

export function simulatedApi(
  overrides: Partial<ApiConfig> = {},
  dataset: unknown = demoDataset,
  onSend?: (request: Request) => void | Promise<void>,
  now?: () => number,
  bend?: Bend,
  /** 'ignored': a server that does not keep Idempotency-Keys (every request is new to it). */
  keys: 'kept' | 'ignored' = 'kept',
  /** Asked after each request was applied: true loses its answer on the way back (the connection dropped). */
  loseAnswer?: (request: Request) => boolean,
) {
  const parsed = parseDataset(dataset);
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const app = createSimulatorApp(createEngine(parsed.dataset, now ? { now } : {}));
  const sent: Request[] = [];
  const inner = simulatorFetch(app);
  const fetch: typeof globalThis.fetch = async (input, init) => {
    let request = new Request(input, init);
    sent.push(request.clone());
    if (keys === 'ignored') {
      const headers = new Headers(request.headers);
      headers.delete('Idempotency-Key');
      request = new Request(request, { headers });
    }
    await onSend?.(request.clone());
    const lost = loseAnswer?.(request.clone()) ?? false;
    const response = await inner(request);
    if (lost) throw new TypeError('Failed to fetch (the answer was lost on its way back)');
    if (!bend || !response.ok) return response;
    const body = bend(new URL(request.url).pathname, (await response.json()) as Record<string, unknown>);
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
  const api = createLoyaltyApi({
    baseUrl: 'http://sim.test/',
    loyaltyGroup: 'demo',
    token: 'demo-token',
    merchantId: 'M1',
    currency: parsed.dataset.currency,
    timeoutMs: 2000,
    storeId: 1,
    workstationId: 7,
    operatorId: 'op',
    fetch,
    ...overrides,
  });
  return { api, app, sent, state: () => app.engine.view() };
}
