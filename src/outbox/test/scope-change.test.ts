// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServerSettings } from '@/lib/settings/schema';
import { scopeOf } from '@/lib/settings/scope';
import { savedScope, scopeSettingsNow, useSettingsActions } from '@/lib/settings/store';
import { switchScope } from '@/lib/settings/switch-scope';
import { openOutboxDb } from '../db';
import { createPerform } from '../money-path';
import { createOutbox, ScopeChanged } from '../outbox';
import { createReadModel, keptScopes, whatStopsAChange } from '../read-model';

const server = (baseUrl: string): ServerSettings => ({
  baseUrl,
  token: 't',
  loyaltyGroup: 'demo',
  merchantId: 'M1',
  storeId: 1,
  workstationId: 3,
  operatorId: 'c7',
  currency: 'EUR',
  timeoutSeconds: 10,
  series: [],
});
const A = server('https://a.example');
const B = server('https://b.example');
const tender = {
  type: 'tender',
  kind: 'giftCard',
  number: '700100000001',
  amount: 2000,
  availableBefore: 5000,
} as const;

/** One window's money path for a scope, over the terminal's one database, reading the saved settings as the app's does. */
const windowOn = (db: ReturnType<typeof openOutboxDb>, scope: string) => {
  const outbox = createOutbox(db, { scope, training: scope === 'training', currency: 'EUR', savedScope });
  return { perform: createPerform(outbox, `tab-${scope}`, 'EUR'), reads: createReadModel(() => db, scope) };
};

describe('a sale and the server it belongs to', () => {
  it('an action on a sale of another server is not taken: a training sale’s payment never reaches the live server', async () => {
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const training = createPerform(createOutbox(db, { scope: 'training', training: true }), 'tab-1');
    const sale = await training({ type: 'startSale', due: 2000 });
    // The same window, its settings switched to live, before its screen caught up with the change.
    const liveScope = scopeOf('live', A);
    const live = createPerform(createOutbox(db, { scope: liveScope, training: false }), 'tab-1');
    expect(await live({ type: 'saleAction', transactionId: sale.transactionId, action: tender })).toBeNull();
    expect(await createReadModel(() => db, liveScope).unsettled()).toEqual([]);
    const still = await createReadModel(() => db, 'training').getSale(sale.transactionId);
    expect(still).toMatchObject({ scope: 'training', lines: [] });
  });
});

describe('a change of server, with another window taking a payment', () => {
  it('is undone when a sale began between the check and the save; after a change, the old server’s window begins nothing', async () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.serverSettingsSaved(A);
    result.current.liveStarted();
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const onA = windowOn(db, scopeOf('live', A));

    // The manager's check finds nothing; the cashier's window starts a sale just after it, before the save.
    let checks = 0;
    const stays = await switchScope(
      async () => {
        const found = await whatStopsAChange(onA.reads);
        if (checks++ === 0) await onA.perform({ type: 'startSale', due: 2000 });
        return found;
      },
      () => result.current.serverSettingsSaved(B),
    );
    expect(stays).toBe('saleOpen');
    expect(scopeSettingsNow().server?.baseUrl).toBe('https://a.example');
    expect(savedScope()).toBe(scopeOf('live', A));

    // The sale voided, the change made: the window still on A begins nothing for A any more.
    const [open] = await onA.reads.activeSales();
    await onA.perform({ type: 'saleAction', transactionId: open!.transactionId, action: { type: 'void' } });
    expect(
      await switchScope(
        () => whatStopsAChange(onA.reads),
        () => result.current.serverSettingsSaved(B),
      ),
    ).toBe('dayOpen');
    result.current.serverSettingsSaved(B);
    expect(savedScope()).toBe(scopeOf('live', B));
    await expect(onA.perform({ type: 'startSale', due: 500 })).rejects.toBeInstanceOf(ScopeChanged);
    await expect(
      onA.perform({
        type: 'operation',
        request: { type: 'giftCard.issue', number: '700100000002', amount: 1000 },
        reason: 'sold',
      }),
    ).rejects.toBeInstanceOf(ScopeChanged);
    expect(await onA.reads.unsettled()).toEqual([]);
  });
});

describe('the servers this terminal has known', () => {
  it('are the scopes its records are kept under, each once', async () => {
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const issue = (scope: string, number: string) =>
      createPerform(
        createOutbox(db, { scope, training: false }),
        'tab-1',
      )({
        type: 'operation',
        request: { type: 'giftCard.issue', number, amount: 1000 },
        reason: 'sold',
      });
    await issue('live|https://a.example/|demo|M1', '700100001001');
    await issue('live|https://a.example/|demo|M1', '700100001002');
    await issue('training', '700100001003');
    expect((await keptScopes(() => db)).sort()).toEqual(['live|https://a.example/|demo|M1', 'training']);
  });
});
