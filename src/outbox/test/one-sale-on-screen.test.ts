import { describe, expect, it } from 'vitest';
import { outboxHarness } from './harness';
import { createPerform } from '../money-path';
import { onOutboxChange } from '../changes';

/** A window's screen shows one sale: whatever starts or takes one over decides it in its own write. */
describe('one sale on a window’s screen', () => {
  const onScreen = async (t: ReturnType<typeof outboxHarness>, tab = 'tab-1') =>
    (await t.reads.activeSales()).filter((s) => s.owner === tab && !s.closed);
  const till = { origin: 'https://till.example', reference: 'R-1', transport: 'message', currency: 'EUR' } as const;

  it('the cashier’s Start sale and a till’s sale in the same instant: one starts, the other is busy', async () => {
    const t = outboxHarness();
    const [cashier, fromTill] = await Promise.all([
      t.perform({ type: 'startSale', due: 500 }),
      t.perform({ type: 'startTillSale', till, due: 2000, replaces: () => false }),
    ]);
    // The cashier's write came first: the till's sale finds the screen taken and writes nothing.
    expect(cashier).toMatchObject({ due: 500 });
    expect(fromTill).toBe('busy');
    expect((await onScreen(t)).map((s) => s.due)).toEqual([500]);
  });

  it('a till’s sale first, the cashier’s Start sale in the same instant: the cashier’s is busy, the till’s shows', async () => {
    const t = outboxHarness();
    const [fromTill, cashier] = await Promise.all([
      t.perform({ type: 'startTillSale', till, due: 2000, replaces: () => false }),
      t.perform({ type: 'startSale', due: 500 }),
    ]);
    expect(fromTill).toMatchObject({ started: true, sale: { due: 2000 } });
    expect(cashier).toBe('busy');
    expect((await onScreen(t)).map((s) => s.due)).toEqual([2000]);
  });

  it('a busy Start tells this window’s screen the sale it has (a view not read yet after a reload showed none)', async () => {
    const t = outboxHarness();
    const kept = await t.start(2000);
    const told: string[] = [];
    const off = onOutboxChange((change) => {
      if (!change.remote) told.push(...change.sales.map((s) => s.transactionId));
    });
    try {
      expect(await t.perform({ type: 'startSale', due: 500 })).toBe('busy');
    } finally {
      off();
    }
    expect(told).toEqual([kept.transactionId]);
    expect(await onScreen(t)).toHaveLength(1);
  });

  it('Start sale tapped twice: one sale', async () => {
    const t = outboxHarness();
    const answers = await Promise.all([
      t.perform({ type: 'startSale', due: 500 }),
      t.perform({ type: 'startSale', due: 500 }),
    ]);
    expect(answers.filter((a) => a === 'busy')).toHaveLength(1);
    expect(await onScreen(t)).toHaveLength(1);
  });

  it('a gone window’s sale is not taken over onto a screen that has one, whatever that screen last showed', async () => {
    const t = outboxHarness();
    const gone = createPerform(t.outbox, 'tab-gone');
    const orphan = await gone({ type: 'startSale', due: 700 });
    if (orphan === 'busy') throw new Error('the gone window had a sale already');
    // This window started one a moment ago; its view had not shown it yet when it looked for orphans.
    await t.perform({ type: 'startSale', due: 500 });
    expect(await t.outbox.adopt(orphan.transactionId, 'tab-gone', 'tab-1')).toBe('busy');
    expect((await onScreen(t)).map((s) => s.due)).toEqual([500]);
    expect((await t.reads.getSale(orphan.transactionId))?.owner).toBe('tab-gone');

    // Onto an empty screen it is taken over.
    expect(await t.outbox.adopt(orphan.transactionId, 'tab-gone', 'tab-2')).toBeUndefined();
    expect((await onScreen(t, 'tab-2')).map((s) => s.due)).toEqual([700]);
  });

  it('a finished sale still on the screen keeps Start sale busy until the cashier moves on from it', async () => {
    const t = outboxHarness();
    await t.start(500);
    await t.act({ type: 'void' });
    expect(await t.perform({ type: 'startSale', due: 900 })).toBe('busy');
    await t.act({ type: 'close' });
    expect(await t.perform({ type: 'startSale', due: 900 })).toMatchObject({ due: 900 });
  });
});
