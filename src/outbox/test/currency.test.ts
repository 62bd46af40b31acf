import { afterEach, describe, expect, it } from 'vitest';
import { createLoyaltyApi } from '@/api/loyalty-api';
import { remainingDue } from '@/domain/sale';
import { simulatorFetch } from '@/simulator/browser/fetch-adapter';
import { createPerform } from '../money-path';
import { createOutbox } from '../outbox';
import { createReadModel } from '../read-model';
import { createSender } from '../sender';
import { outboxHarness } from './harness';

/**
 * The settings refuse a new currency while anything waits, but a window can write a payment between
 * another window's check and its save. The sender, rebuilt for the new currency, must not send an
 * amount kept in the old one: 20.00 EUR kept as 2000 minor units would leave as 2000 JPY.
 */
type Harness = ReturnType<typeof outboxHarness>;
let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

function setup() {
  const t = outboxHarness({ currency: 'EUR' });
  stops.push(() => t.sender.stop());
  return t;
}

/** The money path as it is rebuilt once the currency was saved in another window: the same records, a new currency. */
async function sendInYen(t: Harness, before?: (perform: ReturnType<typeof createPerform>) => Promise<unknown>) {
  t.sender.stop();
  const posted: string[] = [];
  const inner = simulatorFetch(t.app);
  const api = createLoyaltyApi({
    ...t.api.config,
    currency: 'JPY',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST') posted.push(new URL(request.url).pathname);
      return inner(request);
    },
  });
  const outbox = createOutbox(t.db, { scope: 'test', training: true, currency: 'JPY', now: () => new Date(t.now()) });
  const sender = createSender({
    api,
    outbox,
    reads: createReadModel(() => t.db, 'test'),
    now: t.now,
    elapsed: t.elapsed,
  });
  stops.push(() => sender.stop());
  await before?.(createPerform(outbox, 'tab-1', 'JPY'));
  t.advance(2000);
  await sender.kick();
  await sender.idle();
  return posted;
}

const tender = {
  type: 'tender',
  kind: 'giftCard',
  number: '700100000001',
  amount: 2000,
  availableBefore: 5000,
} as const;

describe('a record kept in another currency than the server’s now', () => {
  it('a payment that never left is refused unsent: the sale is due again, the card untouched', async () => {
    const t = setup();
    await t.start(2000);
    t.sender.stop(); // written, not yet sent, when the currency changes
    await t.act(tender);

    const posted = await sendInYen(t);

    expect(posted).toEqual([]);
    const sale = await t.sale();
    expect(sale.lines[0]?.state).toMatchObject({ name: 'failed', code: 'currency_changed' });
    expect(remainingDue(sale)).toBe(2000);
    expect(t.state().authorizations).toHaveLength(0);
    expect(await t.reads.waiting()).toHaveLength(0);
  });

  it('a payment whose answer was lost is not sent again in the new currency: a manager looks', async () => {
    const t = setup();
    await t.start(2000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act(tender);
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);

    const posted = await sendInYen(t);

    expect(posted).toEqual([]);
    const [record] = await t.reads.all();
    expect(record).toMatchObject({ status: 'attention', error: { code: 'currency_changed' } });
    expect(record?.notes?.map((n) => n.code)).toContain('readAgain');
    expect(await t.lineStates()).toEqual(['unknown']);
    expect(t.state().authorizations).toHaveLength(1); // the lost attempt's hold, in euros, once
  });

  it('a commit carries no amount: it is sent, and the sale completes', async () => {
    const t = setup();
    await t.start(2000);
    await t.act(tender);
    await t.run();
    t.sender.stop();
    await t.act({ type: 'complete' });

    const posted = await sendInYen(t);

    expect(posted).toEqual([expect.stringMatching(new RegExp(`/authorizations/${await authCode(t)}/_commit$`))]);
    const sale = await t.sale();
    expect(sale.status).toBe('completed');
    // Its answer read in the sale's own currency: the hold it commits, never a contradiction.
    expect(sale.lines[0]?.state.name).toBe('committed');
    expect(sale.lines[0]?.settleWithManager).toBeUndefined();
    expect((await t.reads.all()).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(t.state().authorizations[0]?.status).toBe('committed');
  });

  it('a sale voided in a window that already works in yen: its hold is given back, the cancel kept in the sale’s euros', async () => {
    const t = setup();
    const sale = await t.start(2000);
    await t.act(tender);
    await t.run();
    t.sender.stop();

    const posted = await sendInYen(t, (perform) =>
      perform({ type: 'saleAction', transactionId: sale.transactionId, action: { type: 'void' } }),
    );

    expect(posted).toEqual([expect.stringMatching(/_cancel$/)]);
    expect((await t.sale()).status).toBe('voided');
    expect(await t.lineStates()).toEqual(['canceled']);
    const records = await t.reads.all();
    expect(records.map((r) => [r.status, r.currency])).toEqual([
      ['succeeded', 'EUR'],
      ['succeeded', 'EUR'],
    ]);
    expect(t.state().authorizations[0]?.status).toBe('canceled');
  });

  it('a sale voided after the change gives its loyalty payment back, the void’s answer read in its own currency', async () => {
    const t = setup();
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1500, availableBefore: 12000 });
    await t.run();
    t.sender.stop();
    await t.act({ type: 'void' });

    const posted = await sendInYen(t);

    expect(posted).toEqual([expect.stringMatching(/_voidPayment$/)]);
    const sale = await t.sale();
    expect(sale.status).toBe('voided');
    expect(sale.lines[0]?.state.name).toBe('voided');
    expect((await t.reads.all()).every((r) => r.status === 'succeeded')).toBe(true);
  });
});

async function authCode(t: Harness): Promise<string> {
  const line = (await t.sale()).lines[0];
  return line && 'authCode' in line.state ? String(line.state.authCode) : '';
}
