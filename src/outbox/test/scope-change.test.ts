// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerSettings } from '@/lib/settings/schema';
import { scopeOf } from '@/lib/settings/scope';
import { savedWork, useSettingsActions, workOf } from '@/lib/settings/store';
import { switchScope, whatStopsAChange } from '@/lib/settings/switch-scope';
import { openOutboxDb } from '../db';
import { createPerform } from '../money-path';
import { createOutbox, ScopeChanged } from '../outbox';
import { createReadModel } from '../read-model';
import { keptScopes } from '@/lib/settings/server-spelling';

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

/** One window's money path for a server, over the terminal's one database, asking the saved settings as the app's does. */
const windowOn = (db: ReturnType<typeof openOutboxDb>, server: ServerSettings) => {
  const scope = scopeOf('live', server);
  const stillCurrent = () => savedWork() === workOf('live', server);
  const outbox = createOutbox(db, { scope, training: false, currency: server.currency, stillCurrent });
  return { perform: createPerform(outbox, `tab-${scope}`, server.currency), reads: createReadModel(() => db, scope) };
};

describe('a sale and the server it belongs to', () => {
  it('an action on a sale of another server is not taken: a training sale’s payment never reaches the live server', async () => {
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const training = createPerform(createOutbox(db, { scope: 'training', training: true }), 'tab-1');
    const sale = await training({ type: 'startSale', due: 2000 });
    if (sale === 'busy') throw new Error('a sale is already on this window’s screen');
    // The same window, its settings switched to live, before its screen caught up with the change.
    const liveScope = scopeOf('live', A);
    const live = createPerform(createOutbox(db, { scope: liveScope, training: false }), 'tab-1');
    expect(await live({ type: 'saleAction', transactionId: sale.transactionId, action: tender })).toBeNull();
    expect(await createReadModel(() => db, liveScope).unsettled()).toEqual([]);
    const still = await createReadModel(() => db, 'training').getSale(sale.transactionId);
    expect(still).toMatchObject({ scope: 'training', lines: [] });
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a change of server, with another window taking a payment', () => {
  it('is not made when a sale began just before it; while it is under way no window begins anything; after it, the old server’s window begins nothing', async () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.serverSettingsSaved(A);
    result.current.liveStarted();
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const onA = windowOn(db, A);
    const onB = windowOn(db, B);

    // The manager's first check finds nothing; the cashier's window starts a sale just after it.
    let checks = 0;
    const stays = await switchScope(
      async () => {
        const found = await whatStopsAChange(onA.reads);
        if (checks++ === 0) await onA.perform({ type: 'startSale', due: 2000 });
        else {
          // The change is under way: neither the old server's window nor one already on the new begins anything.
          await expect(onA.perform({ type: 'startSale', due: 100 })).rejects.toBeInstanceOf(ScopeChanged);
          await expect(onB.perform({ type: 'startSale', due: 100 })).rejects.toBeInstanceOf(ScopeChanged);
        }
        return found;
      },
      () => result.current.serverSettingsSaved(B),
    );
    expect(stays).toBe('saleOpen');
    expect(savedWork()).toBe(workOf('live', A));
    expect(await onB.reads.activeSales()).toEqual([]);

    // The sale voided: a day with figures, refused until a Z. Then made: the window on A begins nothing.
    const [open] = await onA.reads.activeSales();
    await onA.perform({ type: 'saleAction', transactionId: open!.transactionId, action: { type: 'void' } });
    expect(
      await switchScope(
        () => whatStopsAChange(onA.reads),
        () => result.current.serverSettingsSaved(B),
      ),
    ).toBe('dayOpen');
    result.current.serverSettingsSaved(B);
    expect(savedWork()).toBe(workOf('live', B));
    await expect(onA.perform({ type: 'startSale', due: 500 })).rejects.toBeInstanceOf(ScopeChanged);
    await expect(
      onA.perform({
        type: 'operation',
        request: { type: 'giftCard.issue', number: '700100000002', amount: 1000 },
        reason: 'sold',
      }),
    ).rejects.toBeInstanceOf(ScopeChanged);
    expect(await onA.reads.unsettled()).toEqual([]);
    expect(await onB.perform({ type: 'startSale', due: 500 })).toMatchObject({ due: 500 });
  });

  it('one change at a time: another window’s is refused while one is under way, and does not lift its mark', async () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.serverSettingsSaved(A);
    result.current.liveStarted();
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const onA = windowOn(db, A);
    let checks = 0;
    let second: unknown;
    const first = await switchScope(
      async () => {
        if (checks++ === 1) {
          second = await switchScope(
            () => whatStopsAChange(onA.reads),
            () => result.current.trainingStarted(),
          );
          expect(savedWork()).toBe('switching');
        }
        return whatStopsAChange(onA.reads);
      },
      () => result.current.serverSettingsSaved(B),
    );
    expect(second).toBe('otherWindow');
    expect(first).toBeNull();
    expect(savedWork()).toBe(workOf('live', B));
  });

  it('a change whose mark lapsed while it checked (a slow check, over 10 s) is not made', async () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.serverSettingsSaved(A);
    result.current.liveStarted();
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const onA = windowOn(db, A);
    vi.useFakeTimers({ toFake: ['Date'] });
    let checks = 0;
    const stays = await switchScope(
      async () => {
        if (checks++ === 1) vi.setSystemTime(Date.now() + 11_000);
        return whatStopsAChange(onA.reads);
      },
      () => result.current.serverSettingsSaved(B),
    );
    expect(stays).toBe('otherWindow');
    expect(savedWork()).toBe(workOf('live', A));
  });

  it('a new currency is a change too: a window still working in the old one begins nothing', async () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.serverSettingsSaved(A);
    result.current.liveStarted();
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const inEuros = windowOn(db, A);
    result.current.serverSettingsSaved({ ...A, currency: 'CHF' });
    await expect(inEuros.perform({ type: 'startSale', due: 500 })).rejects.toBeInstanceOf(ScopeChanged);
    expect(await windowOn(db, { ...A, currency: 'CHF' }).perform({ type: 'startSale', due: 500 })).toMatchObject({
      currency: 'CHF',
    });
  });
});

describe('a box of cards not finished', () => {
  it('keeps the server and its currency until it is continued or stopped: its amount is in this currency’s minor units', async () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.serverSettingsSaved(A);
    result.current.liveStarted();
    const db = openOutboxDb(`outbox-${crypto.randomUUID()}`);
    const onA = windowOn(db, A);
    const box = await onA.perform({ type: 'startBox', numbers: ['700100001001', '700100001002'], amount: 1000 });
    expect(await whatStopsAChange(onA.reads)).toBe('boxOpen');
    if ('overlaps' in box) throw new Error('no box started');
    await onA.perform({ type: 'boxEvent', boxId: box.boxId, event: { type: 'cancel' } });
    expect(await whatStopsAChange(onA.reads)).toBeNull();
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
