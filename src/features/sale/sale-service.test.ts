import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { remainingDue } from '@/domain/sale';
import { openJournal } from '@/lib/operations/journal';
import { createRunner } from '@/lib/operations/runner';
import { simulatedApi } from '@/test-support/simulated-api';
import { createSaleService } from './sale-service';
import { saleSnapshot, useSaleStore } from './sale-store';

const SCOPE = 'test';

function setup() {
  let clock = Date.parse('2026-11-22T12:00:00Z');
  const sim = simulatedApi({}, undefined, undefined, () => clock);
  const runner = createRunner({ api: sim.api, journal: openJournal(`j-${crypto.randomUUID()}`), scope: SCOPE, training: true });
  const service = createSaleService({ runner, api: sim.api, scope: SCOPE, queryClient: new QueryClient() });
  const sale = () => saleSnapshot(SCOPE).current!;
  const lineStates = () => sale().lines.map((l) => l.state.name);
  return { ...sim, service, sale, lineStates, advance: (ms: number) => (clock += ms) };
}

beforeEach(() => useSaleStore.setState({ byScope: {} }));

describe('sale service against the simulator', () => {
  it('reopens the sale when a hold lapsed before its commit: that money is due again', async () => {
    const t = setup();
    t.service.newSale(2000);
    await t.service.tender('giftCard', '700100000001', 2000, 5000);
    expect(t.lineStates()).toEqual(['authorized']);
    t.advance(16 * 60_000);
    await t.service.complete();
    expect(t.sale().status).toBe('open');
    expect(t.sale().lines[0]?.state).toMatchObject({ name: 'failed', code: 'authorization_expired' });
    expect(remainingDue(t.sale())).toBe(2000);
    expect(t.state().authorizations[0]?.status).toBe('expired');
    expect(t.state().instruments.find((i) => i.number === '700100000001')?.amountNet).toBe(50);
  });

  it('resolves a lost payment answer in the recovery pass, with one hold on the server', async () => {
    const t = setup();
    t.service.newSale(1000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.service.tender('storeCredit', '720100000001', 1000, 3000);
    expect(t.lineStates()).toEqual(['unknown']);
    await t.service.settlePending(false);
    expect(t.lineStates()).toEqual(['authorized']);
    expect(t.state().authorizations).toHaveLength(1);
  });

  it('keeps a commit that could not be delivered and lands it on a later pass', async () => {
    const t = setup();
    t.service.newSale(500);
    await t.service.tender('giftCard', '700100000007', 500, 10000);
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_commit' } });
    await t.service.complete();
    expect(t.sale().status).toBe('completed');
    expect(t.lineStates()).toEqual(['committing']);
    await t.service.settlePending(false);
    expect(t.lineStates()).toEqual(['committed']);
    expect(t.state().authorizations[0]?.status).toBe('committed');
  });

  it('voids every loyalty line of one card together, with one void', async () => {
    const t = setup();
    t.service.newSale(5000);
    await t.service.tender('loyaltyCard', '710100000001', 1000, 12000);
    await t.service.tender('loyaltyCard', '710100000001', 500, 11000);
    expect(t.lineStates()).toEqual(['approved', 'approved']);
    await t.service.removeLine(t.sale().lines[0]!.id);
    expect(t.sale().lines).toEqual([]);
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([true, true]);
    expect(t.state().instruments.find((i) => i.number === '710100000001')?.amountNet).toBe(120);
  });

  it('refuses to start a second tender while one is in flight', async () => {
    const t = setup();
    t.service.newSale(3000);
    t.app.faults.replace({ latencyMs: 30 });
    const first = t.service.tender('giftCard', '700100000001', 1000, 5000);
    await t.service.tender('giftCard', '700100000007', 1000, 10000);
    await first;
    expect(t.sale().lines).toHaveLength(1);
    expect(t.state().authorizations).toHaveLength(1);
  });
});

describe('voiding a sale with a payment whose outcome is unknown', () => {
  it('reverses the known lines now and the unknown one as soon as it is known', async () => {
    const t = setup();
    t.service.newSale(3000);
    await t.service.tender('loyaltyCard', '710100000001', 1000, 12000);
    t.app.faults.replace({ next: { count: 100, kind: 'drop', path: '/_pay' } });
    await t.service.tender('giftCard', '700100000001', 2000, 5000);
    expect(t.lineStates()).toEqual(['approved', 'unknown']);
    await t.service.voidSale();
    expect(t.sale().status).toBe('voiding');
    expect(t.lineStates()).toEqual(['voided', 'unknown']);
    t.service.closeSale(); // the cashier moves on; recovery carries on with the sale
    t.app.faults.replace({});
    await t.service.settlePending(false);
    const voided = saleSnapshot(SCOPE).recent[0]!;
    expect(voided.lines.map((l) => l.state.name)).toEqual(['voided', 'canceled']);
    expect(voided.status).toBe('voided');
    expect(t.state().authorizations.map((a) => a.status)).toEqual(['canceled']);
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([true]);
  });
});

describe('a crash between noting a settle and recording it', () => {
  it('sends the commit on the next pass under the noted id', async () => {
    const t = setup();
    t.service.newSale(700);
    await t.service.tender('giftCard', '700100000007', 700, 10000);
    const { transactionId } = t.sale();
    const lineId = t.sale().lines[0]!.id;
    const { actions } = useSaleStore.getState();
    // As if the page died right after these two writes, before the runner recorded anything.
    actions.saleStatusChanged(SCOPE, transactionId, 'completing');
    actions.tenderChanged(SCOPE, transactionId, lineId, { type: 'commitRequested' });
    actions.tenderNoted(SCOPE, transactionId, lineId, { settleOperationId: crypto.randomUUID() });
    await t.service.settlePending(true);
    expect(t.lineStates()).toEqual(['committed']);
    expect(t.sale().status).toBe('completed');
    expect(t.state().authorizations[0]?.status).toBe('committed');
  });
});
