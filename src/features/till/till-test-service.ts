import type { ReturnSettings } from '@/domain/return-flow';
import type { outboxHarness } from '@/outbox/test/harness';
import { PROTOCOL, VERSION } from '@/till-client/protocol';
import { createTillService, type From, type TillServiceDeps } from './till-service';

/** What the till-service tests share: the envelope, two allowed tills, a service over a harness. */
export const envelope = { protocol: PROTOCOL, version: VERSION } as const;
export const tillA: From = { origin: 'https://till-a.example', transport: 'message' };
export const tillB: From = { origin: 'https://till-b.example', transport: 'message' };

/** The terminal's side of the till protocol over a harness's outbox, giving money back as `settings` say. */
export const tillServiceOf = (
  t: ReturnType<typeof outboxHarness>,
  settings: ReturnSettings | null,
  managerAbove = 5000,
  more: Partial<TillServiceDeps> = {},
) =>
  createTillService({
    perform: t.perform,
    reads: t.reads,
    tab: 'tab-1',
    training: true,
    locale: 'en-IE',
    onSaleHere: () => undefined,
    returnSettings: () => settings,
    managerAbove: () => managerAbove,
    settleWaitMs: 20,
    ...more,
  });
