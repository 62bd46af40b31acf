import { describe, expect, it } from 'vitest';
import type { SaleReturn } from '@/domain/return-flow';
import { figureOf } from '@/features/journal/day-report';
import { readDay } from '@/features/journal/read-day';
import { simulatedApi } from '@/test-support/simulated-api';
import { outboxHarness } from './harness';

/**
 * A loyalty payment a server that ignores keys applied twice (its answer lost, the resend new to
 * the server): the card's check after the resend finds it, the line may have a twin (`mayBeTwice`),
 * and whatever gives the card's payments back (the sale's void, a return) may give the twin back
 * too. The twin was taken and is given back outside anything the terminal knew of: no day counts
 * it, so every day's figures net out whatever lies between the payment and its void.
 */
const loyaltyPay = { type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 5000 } as const;
const card = (t: ReturnType<typeof outboxHarness>) =>
  t.state().instruments.find((i) => i.number === '710100000001')?.amountNet;
const day = (t: ReturnType<typeof outboxHarness>) => readDay(t.reads, 'EUR', new Date(t.now() + 1));

async function paidTwice() {
  const t = outboxHarness({ keys: 'ignored' });
  await t.start(5000);
  t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
  await t.act({ ...loyaltyPay, availableBefore: 12000 });
  await t.run();
  t.advance(2000);
  await t.run();
  expect(await t.lineStates()).toEqual(['approved']);
  expect(card(t)).toBe(20); // 120 - 2 x 50
  expect((await t.sale()).lines[0]?.mayBeTwice).toBe(true);
  return t;
}

describe('a loyalty payment a server applied twice', () => {
  it('a Z closed between the payment and the sale’s void: the days together count as much taken as given back', async () => {
    const t = await paidTwice();
    const d1 = await day(t);
    expect(figureOf(d1.report.byKind, 'loyaltyCard', 'taken').amount).toBe(5000);
    const z1 = await t.perform({
      type: 'closeDay',
      z: { from: d1.report.from, closedAt: d1.report.to, currency: 'EUR', report: d1.report, carried: [] },
      counted: d1.counted,
    });
    expect(typeof z1).toBe('object');

    t.advance(3_600_000);
    await t.act({ type: 'void' });
    await t.run();
    expect((await t.sale()).status).toBe('voided');
    expect(card(t)).toBe(120);
    const d2 = await day(t);
    expect(figureOf(d2.report.byKind, 'loyaltyCard', 'taken').amount).toBe(0);
    expect(figureOf(d2.report.byKind, 'loyaltyCard', 'loyaltyVoided').amount).toBe(5000);
  });

  it('a return of the completed sale gives the twin back too: done, not a contradiction, and counted as the payment', async () => {
    const t = await paidTwice();
    await t.act({ type: 'complete' });
    await t.run();
    const sale = await t.sale();
    const settings = { refundWay: 'storeCredit', refundSeries: 'SC1' } as const;
    const r = (await t.perform({
      type: 'startReturn',
      saleId: sale.transactionId,
      amount: 5000,
      settings,
    })) as SaleReturn;
    expect(r.lines.map((l) => l.way)).toEqual(['voidLoyalty']);
    await t.run();
    expect(card(t)).toBe(120);
    const back = (await t.reads.returnsOf(sale.transactionId))[0];
    const voided = (await (await t.db).getAll('operations')).find((x) => x.request.type === 'loyaltyCard.voidPayment');
    expect({ line: back?.lines[0]?.state.name, status: voided?.status }).toEqual({ line: 'done', status: 'succeeded' });
    const d = await day(t);
    expect(figureOf(d.report.byKind, 'loyaltyCard', 'taken').amount).toBe(5000);
    expect(figureOf(d.report.byKind, 'loyaltyCard', 'returned').amount).toBe(5000);
  });

  it('paid by a resend after a 503 that took nothing, the card’s check clean: no twin, and a void answering more is a contradiction', async () => {
    let lie = false;
    const t = outboxHarness({
      keys: 'ignored',
      bend: (path, body) =>
        lie && path.endsWith('/_voidPayment') ? { ...body, voidedAmount: Number(body.voidedAmount) * 2 } : body,
    });
    await t.start(5000);
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_pay' } });
    await t.act({ ...loyaltyPay, availableBefore: 12000 });
    await t.run();
    t.advance(2000);
    await t.run();
    expect(t.state().loyaltyPayments).toHaveLength(1);
    expect((await t.sale()).lines[0]?.mayBeTwice).toBeUndefined();
    lie = true;
    await t.act({ type: 'void' });
    await t.run();
    const voided = (await (await t.db).getAll('operations')).find((x) => x.request.type === 'loyaltyCard.voidPayment');
    expect(voided).toMatchObject({ status: 'attention', error: { code: 'contradictory_answer' } });
  });
});

describe('a void the cashier moved on from, refused once the server answers', () => {
  it('comes back on the cashier’s screen with its refusal: the money is still taken', async () => {
    let clock = Date.parse('2026-11-22T12:00:00Z');
    const sim = simulatedApi({ merchantId: 'M-TYPO' }, undefined, undefined, () => clock);
    const t = outboxHarness({ sim });
    await t.start(3000);
    await t.act({ ...loyaltyPay, amount: 1000, availableBefore: 12000 });
    await t.run();
    t.app.faults.replace({ next: { count: 3, kind: 'unavailable' } });
    await t.act({ type: 'void' });
    await t.run();
    const close = await t.act({ type: 'close' });
    expect(close && 'rejected' in close ? close.rejected : undefined).toBeUndefined();
    expect((await t.sale()).closed).toBe(true);
    for (let i = 0; i < 5; i += 1) {
      clock += 60_000;
      t.advance(60_000);
      await t.run();
    }
    const after = await t.sale();
    expect(card(t)).toBe(110);
    expect({
      status: after.status,
      line: after.lines[0]?.state.name,
      notice: after.notice,
      closed: after.closed,
    }).toEqual({
      status: 'voided',
      line: 'approved',
      notice: 'releaseRefused',
      closed: false,
    });
  });
});
