import { createEngine } from '../engine/engine';
import { parseDataset } from '../engine/dataset';
import { createSimulatorApp } from '../http/app';
import { demoDataset } from '../demo-dataset';

export const API = '/loyalty/api/v1/pos/loyaltyGroups/demo';
export const TX = '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60';
export const ws = (transactionId = TX) => ({
  transactionId,
  reason: 'Sale',
  storeId: 1,
  workstationId: 2,
  operatorId: 'op1',
});

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  headers: Headers;
}

/** A simulator on a controllable clock, called the way a client would call it over HTTP. */
export function harness(options: { dataset?: unknown; start?: string } = {}) {
  let clock = Date.parse(options.start ?? '2026-11-22T12:00:00Z');
  const parsed = parseDataset(options.dataset ?? demoDataset);
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const engine = createEngine(parsed.dataset, { now: () => clock });
  const app = createSimulatorApp(engine);

  async function send(
    method: string,
    path: string,
    init: { body?: unknown; raw?: string; token?: string | null; key?: string; signal?: AbortSignal } = {},
  ): Promise<Answer> {
    const headers = new Headers({ 'content-type': 'application/json' });
    if (init.token !== null) headers.set('authorization', `Bearer ${init.token ?? 'demo-token'}`);
    if (init.key !== undefined) headers.set('idempotency-key', init.key);
    const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    const response = await app.fetch(new Request(`http://sim${path}`, { method, headers, body, signal: init.signal }));
    const text = await response.text();
    let parsedBody: unknown = text;
    try {
      parsedBody = JSON.parse(text);
    } catch {
      /* keep text */
    }
    return { status: response.status, body: parsedBody, headers: response.headers };
  }

  return {
    engine,
    app,
    send,
    get: (path: string, init?: Parameters<typeof send>[2]) => send('GET', API + path, init),
    post: (path: string, body: unknown = { workstationData: ws() }, init?: Parameters<typeof send>[2]) =>
      send('POST', API + path, { body, ...init }),
    advance(ms: number) {
      clock += ms;
    },
    now: () => clock,
    instrument: (number: string) => engine.view().instruments.find((i) => i.number === number),
  };
}
