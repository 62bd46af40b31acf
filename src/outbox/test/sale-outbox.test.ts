import { afterEach, describe, expect, it } from 'vitest';
import { getInstrument } from '@/api/loyalty-api';
import { availableAmount } from '@/domain/instrument';
import { remainingDue } from '@/domain/sale';
import { dayReport } from '@/features/journal/day-report';
import { simulatedApi } from '@/test-support/simulated-api';
import { outboxHarness } from './harness';

let harnesses: ReturnType<typeof outboxHarness>[] = [];
const setup = (options?: Parameters<typeof outboxHarness>[0]) => {
  const h = outboxHarness(options);
  harnesses.push(h);
  return h;
};
afterEach(() => {
  for (const h of harnesses) h.sender.stop();
  harnesses = [];
});

/**
 * The server turns this harness's commits away (429 with `Retry-After: seconds`) while `turnAway()`
 * says so; the other requests go through. Returns when each commit was asked (on `elapsed`).
 */
function commitsTurnedAway(t: ReturnType<typeof setup>, seconds: string, turnAway: () => boolean): number[] {
  const commits: number[] = [];
  const inner = t.api.config.fetch!;
  t.api.config.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.endsWith('/_commit')) return inner(request);
    commits.push(t.elapsed());
    if (!turnAway()) return inner(request);
    return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down.' } }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'Retry-After': seconds },
    });
  };
  return commits;
}

describe('a sale through the outbox, against the simulator', () => {
  it('reopens the sale when a hold lapsed before its commit: that money is due again', async () => {
    const t = setup();
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['authorized']);
    t.advance(16 * 60_000);
    await t.act({ type: 'complete' });
    await t.run();
    const sale = await t.sale();
    expect(sale.status).toBe('open');
    expect(sale.lines[0]?.state).toMatchObject({ name: 'failed', code: 'authorization_expired' });
    expect(remainingDue(sale)).toBe(2000);
    expect(t.state().authorizations[0]?.status).toBe('expired');
    expect(t.state().instruments.find((i) => i.number === '700100000001')?.amountNet).toBe(50);
  });

  it('a lapsed hold tendered again completes: the new hold is committed and the sale stays completed', async () => {
    const t = setup();
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    t.advance(16 * 60_000);
    await t.act({ type: 'complete' });
    await t.run();
    expect((await t.sale()).status).toBe('open');
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    await t.act({ type: 'complete' });
    await t.run();
    const sale = await t.sale();
    expect(sale.status).toBe('completed');
    expect(remainingDue(sale)).toBe(0);
    expect(t.state().authorizations.map((a) => a.status)).toEqual(['expired', 'committed']);
    expect(t.state().instruments.find((i) => i.number === '700100000001')?.amountNet).toBe(30);
  });

  it('resolves a lost payment answer on a later pass, with one hold on the server', async () => {
    const t = setup();
    await t.start(1000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'storeCredit', number: '720100000001', amount: 1000, availableBefore: 3000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
    t.advance(1000);
    await t.run();
    expect(await t.lineStates()).toEqual(['authorized']);
    expect(t.state().authorizations).toHaveLength(1);
  });

  it('keeps a commit that could not be delivered and lands it on a later pass', async () => {
    const t = setup();
    await t.start(500);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000007', amount: 500, availableBefore: 10000 });
    await t.run();
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_commit' } });
    await t.act({ type: 'complete' });
    await t.run();
    expect((await t.sale()).status).toBe('completed');
    expect(await t.lineStates()).toEqual(['committing']);
    t.advance(1000);
    await t.run();
    expect(await t.lineStates()).toEqual(['committed']);
    expect(t.state().authorizations[0]?.status).toBe('committed');
  });

  it('voids every loyalty line of one card together, with one void', async () => {
    const t = setup();
    await t.start(5000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 500, availableBefore: 11000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['approved', 'approved']);
    await t.act({ type: 'removeLine', lineId: (await t.sale()).lines[0]!.id });
    await t.run();
    expect((await t.sale()).lines).toEqual([]);
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([true, true]);
    expect(t.state().instruments.find((i) => i.number === '710100000001')?.amountNet).toBe(120);
  });

  it('refuses to start a second tender while one is in flight', async () => {
    const t = setup();
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 1000, availableBefore: 5000 });
    const second = await t.act({
      type: 'tender',
      kind: 'giftCard',
      number: '700100000007',
      amount: 1000,
      availableBefore: 10000,
    });
    expect(second?.rejected).toBe('not_tendering');
    await t.run();
    expect((await t.sale()).lines).toHaveLength(1);
    expect(t.state().authorizations).toHaveLength(1);
  });
});

describe('voiding a sale with a payment whose outcome is unknown', () => {
  it('reverses the known lines now and the unknown one as soon as it is known', async () => {
    const t = setup();
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    t.app.faults.replace({ next: { count: 100, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['approved', 'unknown']);
    await t.act({ type: 'void' });
    await t.run();
    expect((await t.sale()).status).toBe('voiding');
    expect(await t.lineStates()).toEqual(['voided', 'unknown']);
    await t.act({ type: 'close' }); // the cashier moves on; the outbox carries on with the sale
    t.app.faults.replace({});
    t.advance(10_000);
    await t.run();
    const voided = await t.sale();
    expect(voided.closed).toBe(true);
    expect(voided.lines.map((l) => l.state.name)).toEqual(['voided', 'canceled']);
    expect(voided.status).toBe('voided');
    expect(t.state().authorizations.map((a) => a.status)).toEqual(['canceled']);
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([true]);
  });

  it('the unknown payment is on the same loyalty card: one void for both once it is known, the sale voided, nothing for a manager', async () => {
    const t = setup();
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 500, availableBefore: 11000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['approved', 'unknown']);
    await t.act({ type: 'void' });
    // The server would void both payments of the card: no void goes while one of them is unknown.
    expect(await t.lineStates()).toEqual(['approved', 'unknown']);
    t.advance(10_000);
    await t.run();
    const voided = await t.sale();
    expect(voided.lines.map((l) => l.state.name)).toEqual(['voided', 'voided']);
    expect(voided.status).toBe('voided');
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([true, true]);
    expect(await t.reads.unsettled()).toEqual([]);
    expect((await t.act({ type: 'close' }))?.rejected).toBeUndefined();
  });

  it('the unknown payment on the same card went to a manager: the void goes at once, nothing is left taken', async () => {
    const t = setup();
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 500, availableBefore: 11000 });
    await t.run();
    // Its resend is refused as a key used with another body (a record from before bodies were kept): a manager's.
    const db = await t.db;
    const second = (await t.sale()).lines[1]!.payOperationId!;
    await db.put('operations', { ...(await db.get('operations', second))!, workstation: { storeId: 5 } });
    t.advance(2000);
    await t.run();
    expect(await t.reads.get(second)).toMatchObject({ status: 'attention' });
    expect(await t.lineStates()).toEqual(['approved', 'unknown']);

    await t.act({ type: 'void' });
    await t.run();
    // No answer will come for the second payment: the first's void went, and the server gave all back.
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([true, true]);
    const voids = (await t.reads.all()).filter((r) => r.request.type === 'loyaltyCard.voidPayment');
    expect(voids).toHaveLength(1);
  });
});

describe('voiding a sale while the server does not answer', () => {
  it('the cashier moves on while the void and the cancel are sent again, and they land once it answers', async () => {
    const t = setup();
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    await t.act({ type: 'tender', kind: 'storeCredit', number: '720100000001', amount: 2000, availableBefore: 3000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['approved', 'authorized']);
    t.app.faults.replace({ next: { count: 1000, kind: 'unavailable' } });
    await t.act({ type: 'void' });
    await t.run();
    const waiting = await t.sale();
    expect(waiting.status).toBe('voiding');
    expect(waiting.lines.map((l) => [l.state.name, l.settleQueued])).toEqual([
      ['voiding', true],
      ['canceling', true],
    ]);
    const close = await t.act({ type: 'close' });
    expect(close && 'rejected' in close ? close.rejected : undefined).toBeUndefined();
    expect((await t.sale()).closed).toBe(true);

    t.app.faults.replace({});
    t.advance(60_000);
    await t.run();
    const voided = await t.sale();
    expect(voided.status).toBe('voided');
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([true]);
    expect(t.state().authorizations.map((a) => a.status)).toEqual(['canceled']);
  });

  it('a void still waiting for a payment’s first answer holds the cashier: that answer decides what goes back', async () => {
    const t = setup();
    await t.start(3000);
    t.app.faults.replace({ latencyMs: 60_000 });
    await t.act({ type: 'tender', kind: 'storeCredit', number: '720100000001', amount: 2000, availableBefore: 3000 });
    await t.act({ type: 'void' });
    expect(await t.lineStates()).toEqual(['requesting']);
    const close = await t.act({ type: 'close' });
    expect(close && 'rejected' in close ? close.rejected : undefined).toBe('not_finished');
  });
});

describe('a crash between recording and sending', () => {
  it('sends the recorded commit when the terminal starts again, under the same key', async () => {
    const t = setup();
    await t.start(700);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000007', amount: 700, availableBefore: 10000 });
    await t.run();
    // The sale and its commit are written together; the page dies before the sender wakes.
    await t.act({ type: 'complete' });
    const restarted = t.secondSender();
    await restarted.kick();
    await restarted.idle();
    expect(await t.lineStates()).toEqual(['committed']);
    expect((await t.sale()).status).toBe('completed');
    expect(t.state().authorizations[0]?.status).toBe('committed');
  });
});

describe('failures that are not the API’s', () => {
  it('a decision that throws writes nothing: no line left blocked, no order', async () => {
    const t = setup();
    const started = await t.start(1000);
    await expect(
      t.outbox.act(started.transactionId, () => {
        throw new Error('storage');
      }),
    ).rejects.toThrow('storage');
    expect((await t.sale()).lines).toEqual([]);
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 0 });
  });

  it('a send that throws something else leaves the line unknown, resent until it is known', async () => {
    const t = setup();
    await t.start(1000);
    const original = t.api.loyaltyCards.pay;
    t.api.loyaltyCards.pay = () => Promise.reject(new TypeError('broken'));
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
    t.api.loyaltyCards.pay = original;
    t.advance(1000);
    await t.run();
    expect(await t.lineStates()).toEqual(['approved']);
    expect(t.state().loyaltyPayments).toHaveLength(1);
  });
});

describe('a double charge is told by evidence, not by arithmetic another till can break', () => {
  const other = { transactionId: '5f0c6a3e-1d2b-4c5d-8e9f-0a1b2c3d4e5f', reason: 'Sale at till 2' };

  it('another till paying while this payment’s answer is lost twice is no alarm: the server said it replayed', async () => {
    const t = setup();
    await t.start(2000);
    t.app.faults.replace({ next: { count: 2, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    t.advance(1000);
    await t.run(); // the replay's answer lost too
    expect(await t.lineStates()).toEqual(['unknown']);
    // Till 2 takes 15.00 from the same card and commits it, while this till's answer is still missing.
    const hold = await t.api.giftCards.pay('700100000001', 1500, other);
    await t.api.giftCards.commit('700100000001', hold.authCode, other);
    t.advance(2000);
    await t.run();
    expect(await t.lineStates()).toEqual(['authorized']);
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    expect(await t.reads.get(id)).toMatchObject({ status: 'succeeded', replayed: true, notes: undefined });
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 0 });
    expect(t.state().authorizations.map((a) => [a.amount, a.status])).toEqual([
      [20, 'pending'],
      [15, 'committed'],
    ]);
  });

  it('a server that does not keep the key and applies a replay again is still caught', async () => {
    const t = setup({ keys: 'ignored' });
    await t.start(2000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    t.advance(1000);
    await t.run();
    expect(t.state().authorizations).toHaveLength(2); // what such a server did
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    // 5000 before, 2000 paid: at least 3000 should be left; the second hold left 1000.
    expect(await t.reads.get(id)).toMatchObject({
      status: 'attention',
      notes: [{ code: 'appliedTwice', available: 1000, expectedAtLeast: 3000 }],
    });
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 1 });
  });

  it('a server that does not keep the key applies a replay again, and the card cannot be read to check: named for a manager', async () => {
    const t = setup({ keys: 'ignored' });
    await t.start(2000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    // The network that lost the answer fails the card's read after the resend too.
    t.app.faults.replace({ next: { count: 5, kind: 'unavailable', path: '/giftcards/700100000001', method: 'GET' } });
    t.advance(1000);
    await t.run();
    expect(t.state().authorizations).toHaveLength(2); // what such a server did
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    expect(await t.reads.get(id)).toMatchObject({ status: 'attention', notes: [{ code: 'notChecked' }] });
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 1 });
    expect(await t.lineStates()).toEqual(['authorized']); // counted once, as with a double charge found
  });

  /**
   * Till A's payment is answered 503 (nothing happened: the key stays unused), till B pays from the
   * same card, then A's retry goes through as a first application. The card's arithmetic cannot tell
   * that from a double charge; the server's word can, once it has shown that it keeps keys.
   */
  const otherTillPaysBetweenRetries = async (learnFirst: boolean) => {
    const CARD = '700100000001'; // 50.00
    const sim = simulatedApi({}, undefined, undefined, undefined, undefined, 'kept');
    const [a, b] = [setup({ sim }), setup({ sim })];
    const available = async () => availableAmount((await getInstrument(sim.api, 'giftCard', CARD)).account);
    if (learnFirst) {
      // An answer lost after the server paid: the repeat is replayed, and says so.
      await a.start(100);
      sim.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
      await a.act({ type: 'tender', kind: 'giftCard', number: CARD, amount: 100, availableBefore: await available() });
      await a.run();
      a.advance(10_000);
      await a.run();
      expect(await a.lineStates()).toEqual(['authorized']);
    }
    await a.start(2000, learnFirst ? 'tab-2' : 'tab-1'); // the first sale, its hold kept, is still on tab-1's screen
    sim.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_pay' } });
    await a.act({ type: 'tender', kind: 'giftCard', number: CARD, amount: 2000, availableBefore: await available() });
    await a.run();
    await b.start(1500);
    await b.act({ type: 'tender', kind: 'giftCard', number: CARD, amount: 1500, availableBefore: await available() });
    await b.run();
    a.advance(10_000);
    await a.run();
    expect(await a.lineStates()).toEqual(['authorized']);
    expect(
      sim
        .state()
        .authorizations.filter((h) => h.status === 'pending')
        .map((h) => h.amount),
    ).toEqual(learnFirst ? [1, 15, 20] : [15, 20]);
    return a.reads.counts();
  };

  it('a server that has shown it keeps keys, retried after the day it promises to keep one: checked again, and a second charge is caught', async () => {
    const t = setup();
    // The server shows it keeps keys: a lost answer, replayed and said so.
    await t.start(100);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 100, availableBefore: 5000 });
    await t.run();
    t.advance(10_000);
    await t.run();
    expect((await t.reads.get((await t.sale()).lines[0]?.payOperationId ?? ''))?.replayed).toBe(true);

    // A loyalty payment (it takes effect at once) loses its answer, and the terminal is off for a day
    // (in another window: the first sale, its hold kept, is still on this one's screen).
    await t.start(1000, 'tab-2');
    t.app.faults.replace({
      next: { count: 1, kind: 'drop', path: '/_pay' },
    });
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
    t.advance(25 * 60 * 60 * 1000); // past the 24 hours the contract has the server keep the key
    await t.run();
    expect(t.state().loyaltyPayments).toHaveLength(2); // the server had let the key go: applied again
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    expect(await t.reads.get(id)).toMatchObject({
      status: 'attention',
      notes: [{ code: 'appliedTwice', available: 10000, expectedAtLeast: 11000 }],
    });
  });

  it('a server that has shown it keeps keys: another till paying between retries is no alarm', async () => {
    expect(await otherTillPaysBetweenRetries(true)).toEqual({ waiting: 0, attention: 0 });
  });

  it('a server that has not shown it keeps keys: the same is named for a manager to check (it may be a double charge)', async () => {
    expect(await otherTillPaysBetweenRetries(false)).toEqual({ waiting: 0, attention: 1 });
  });

  it('two tills take 20 interleaved payments from one card, answers lost at random: no alarm, each paid once', async () => {
    const CARD = '700100000001'; // 50.00
    let seed = 20261125;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const sim = simulatedApi({}, undefined, undefined, undefined, undefined, 'kept', (r) => {
      return r.method === 'POST' && random() < 0.3;
    });
    const tills = [setup({ sim }), setup({ sim })];
    const available = async () => availableAmount((await getInstrument(sim.api, 'giftCard', CARD)).account);
    /** Until this till's sale is completed and every line paid (its lost answers replayed). */
    const settle = async (till: (typeof tills)[number]) => {
      for (let pass = 0; pass < 40; pass += 1) {
        const sale = await till.sale();
        if (sale.status === 'completed' && sale.lines.every((l) => l.state.name === 'committed')) return;
        if (sale.status === 'open' && sale.lines.every((l) => l.state.name === 'authorized'))
          await till.act({ type: 'complete' });
        till.advance(10_000);
        await till.run();
      }
      throw new Error('a sale did not settle');
    };
    for (let i = 0; i < 20; i += 1) {
      const till = tills[i % 2]!;
      if (i >= 2) await settle(till);
      await till.start(200);
      await till.act({
        type: 'tender',
        kind: 'giftCard',
        number: CARD,
        amount: 200,
        availableBefore: await available(),
      });
      await till.run(); // its answer may be lost: the other till pays meanwhile
    }
    for (const till of tills) await settle(till);
    for (const till of tills) expect(await till.reads.counts()).toEqual({ waiting: 0, attention: 0 });
    const holds = sim.state().authorizations.filter((a) => a.instrumentId === CARD);
    expect(holds.map((a) => [a.amount, a.status])).toEqual(Array.from({ length: 20 }, () => [2, 'committed']));
    expect(sim.state().instruments.find((i) => i.number === CARD)?.amountNet).toBe(10);
    // Answers were lost on the way (else the run proves nothing).
    expect(sim.sent.filter((r) => r.method === 'POST').length).toBeGreaterThan(40);
  });
});

describe('a loyalty payment whose outcome went to a manager is given back by its void, whatever it took', () => {
  /** 7101 0000 0001's whole 120.00, on a server that does not keep keys: the first answer is lost, the resend is denied for lack of funds. */
  async function lostWholeBalance(t: ReturnType<typeof setup>) {
    await t.start(15000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 12000, availableBefore: 12000 });
    await t.run();
    t.advance(2000);
    await t.run();
    const payId = (await t.sale()).lines[0]!.payOperationId!;
    expect(await t.reads.get(payId)).toMatchObject({
      status: 'attention',
      error: { code: 'refused_after_lost_answer' },
    });
    expect(await t.lineStates()).toEqual(['unknown']);
    return payId;
  }
  const balance = (t: ReturnType<typeof setup>) =>
    t.state().instruments.find((i) => i.number === '710100000001')?.amountNet;

  it('the sale voided: the card gets its 120.00 back, and the manager reads that the void settled the payment', async () => {
    const t = setup({ keys: 'ignored' });
    const payId = await lostWholeBalance(t);
    expect(balance(t)).toBe(0);

    await t.act({ type: 'void' });
    await t.run();

    expect(balance(t)).toBe(120);
    const sale = await t.sale();
    expect(sale.status).toBe('voided');
    expect(sale.lines[0]?.state).toEqual({ name: 'voided', approvedAmount: 12000 });
    const void_ = (await t.reads.all()).find((r) => r.request.type === 'loyaltyCard.voidPayment');
    expect(void_).toMatchObject({ status: 'succeeded', request: { amount: 0, unknownUpTo: 12000 } });
    expect((await t.reads.get(payId))?.notes).toContainEqual({ code: 'givenBackByVoid', amount: 12000 });

    // The day adds up as the server's does: 120.00 taken (by the lost attempt) and 120.00 given back.
    const day = { from: '2026-11-22T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' };
    const report = dayReport({
      settled: await t.reads.settledBetween(day.from, day.to),
      unsettled: await t.reads.unsettled(),
      sales: await t.reads.salesFinishedBetween(day.from, day.to),
      currency: 'EUR',
      ...day,
    });
    expect(report.byKind.loyaltyCard.taken).toEqual({ count: 1, amount: 12000 });
    expect(report.byKind.loyaltyCard.loyaltyVoided).toEqual({ count: 1, amount: 12000 });
    expect(report.open).toEqual([]);
    expect(report.flagged?.map((f) => f.id)).toEqual([payId]);
  });

  it('the line removed: the card gets its money back and the sale can be paid another way', async () => {
    const t = setup({ keys: 'ignored' });
    await lostWholeBalance(t);

    expect((await t.act({ type: 'removeLine', lineId: (await t.sale()).lines[0]!.id }))?.rejected).toBeUndefined();
    await t.run();

    expect(balance(t)).toBe(120);
    expect((await t.sale()).lines).toEqual([]);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 5000, availableBefore: 5000 });
    await t.run();
    await t.act({ type: 'tenderExternal', method: 'cash', amount: 10000 });
    await t.act({ type: 'complete' });
    await t.run();
    expect(await t.lineStates()).toEqual(['committed', 'recorded']);
    expect((await t.sale()).status).toBe('completed');
  });

  it('it had taken nothing: the void finds no payment of the sale, and the manager reads that nothing was given back', async () => {
    const t = setup({ keys: 'ignored' });
    await t.start(15000);
    // The first attempt fails before the server applies it (a 503 is an unknown outcome)...
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 12000, availableBefore: 12000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
    // ...and another till takes the whole balance before the resend, which is denied: a manager's.
    await t.api.loyaltyCards.pay('710100000001', 12000, { transactionId: crypto.randomUUID(), reason: 'other till' });
    t.advance(2000);
    await t.run();
    const payId = (await t.sale()).lines[0]!.payOperationId!;
    expect(await t.reads.get(payId)).toMatchObject({
      status: 'attention',
      error: { code: 'refused_after_lost_answer' },
    });

    await t.act({ type: 'void' });
    await t.run();

    // The other till's payment stays: the void gives back this sale's payments only.
    expect(balance(t)).toBe(0);
    expect((await t.sale()).status).toBe('voided');
    expect((await t.sale()).lines[0]?.state).toEqual({ name: 'voided', approvedAmount: 0 });
    expect((await t.reads.get(payId))?.notes).toContainEqual({ code: 'givenBackByVoid', amount: 0 });
  });
});

describe('a cancel or void the server refuses for good leaves the money where it was, and never a stuck sale', () => {
  /** A terminal set up with another merchant than its token's: payments go through, loyalty voids are refused (403). */
  const wrongMerchant = () => setup({ sim: simulatedApi({ merchantId: 'M9' }) });

  it('the sale voided: it finishes, the loyalty payment stays taken and shown so, and the manager is told', async () => {
    const t = wrongMerchant();
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    await t.act({ type: 'void' });
    await t.run();

    const sale = await t.sale();
    // Before: the line stayed "voiding" and the sale "voiding", with no way to the next sale.
    expect([sale.status, sale.notice, sale.lines[0]?.state]).toEqual([
      'voided',
      'releaseRefused',
      { name: 'approved', approvedAmount: 1000 },
    ]);
    expect((await t.act({ type: 'close' }))?.rejected).toBeUndefined();
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([false]);
    const void_ = (await t.reads.all()).find((r) => r.request.type === 'loyaltyCard.voidPayment');
    expect(void_).toMatchObject({
      status: 'attention',
      notes: [{ code: 'voidRefused', reason: 'merchant_not_allowed' }],
    });
  });

  it('a sale an earlier build left voiding for good finishes at the next start, its manager flag not raised twice', async () => {
    const t = wrongMerchant();
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    await t.act({ type: 'void' });
    await t.run();
    // As the earlier build left it: the refusal written and flagged, the line and the sale voiding.
    const db = await t.db;
    const stored = (await db.get('sales', (await t.sale()).transactionId))!;
    const line = { ...stored.lines[0]!, state: { name: 'voiding', approvedAmount: 1000 } as const };
    await db.put('sales', { ...stored, status: 'voiding', notice: undefined, lines: [line], active: 1 });
    expect((await t.sale()).status).toBe('voiding');

    const next = t.secondSender();
    await next.kick();
    await next.idle();
    next.stop();

    const sale = await t.sale();
    expect([sale.status, sale.notice, sale.lines[0]?.state.name]).toEqual(['voided', 'releaseRefused', 'approved']);
    const void_ = (await t.reads.all()).find((r) => r.request.type === 'loyaltyCard.voidPayment');
    expect(void_?.notes).toEqual([{ code: 'voidRefused', reason: 'merchant_not_allowed' }]);
    expect((await t.act({ type: 'close' }))?.rejected).toBeUndefined();
  });

  it('the line removed: it stays on the sale, paid, and the sale can still be completed', async () => {
    const t = wrongMerchant();
    await t.start(1000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    await t.act({ type: 'removeLine', lineId: (await t.sale()).lines[0]!.id });
    await t.run();

    expect(await t.lineStates()).toEqual(['approved']);
    expect((await t.sale()).notice).toBe('releaseRefused');
    await t.act({ type: 'complete' });
    await t.run();
    expect((await t.sale()).status).toBe('completed');
  });

  it('a void answered in contradiction: neither given back nor kept, the line is a manager’s, the sale finishes, the manager reads the card', async () => {
    const t = setup({
      bend: (path, body) => (path.endsWith('/_voidPayment') ? { ...body, transactionId: 'another-sale' } : body),
    });
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    await t.act({ type: 'void' });
    await t.run();

    const sale = await t.sale();
    // The server did void (the card shows 120.00): the line must not read as paid, nor as given back.
    expect([sale.status, sale.lines[0]?.state]).toEqual([
      'voided',
      { name: 'unknown', reason: 'contradictory_answer', released: 1000 },
    ]);
    const void_ = (await t.reads.all()).find((r) => r.request.type === 'loyaltyCard.voidPayment');
    expect(void_).toMatchObject({ status: 'attention', error: { code: 'contradictory_answer' } });
    expect(void_?.notes).toContainEqual({ code: 'readAgain', available: 12000, onHold: 0 });
  });
});

describe('a yes from the server that cannot be read (a 2xx not of the contract’s shape)', () => {
  it('goes to a manager with the card read again, is not sent again, and the sale can still be voided', async () => {
    const sent: string[] = [];
    const t = setup({
      onSend: (request) => void sent.push(new URL(request.url).pathname),
      // Approved, with an amount no euro can hold: the payment happened, how much of it cannot be read.
      bend: (path, body) => (path.endsWith('/_pay') ? { ...body, approvedAmount: 10.001 } : body),
    });
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000, availableBefore: 12000 });
    await t.run();
    const pay = (await t.reads.all()).find((r) => r.request.type === 'loyaltyCard.pay');
    expect(pay).toMatchObject({ status: 'attention', error: { code: 'contradictory_answer' } });
    expect(pay?.notes).toContainEqual({ code: 'readAgain', available: 11000, onHold: 0 });

    for (let i = 0; i < 3; i += 1) {
      t.advance(60_000);
      await t.run();
    }
    expect(sent.filter((p) => p.endsWith('/_pay'))).toHaveLength(1);

    // The cashier voids the sale: whatever the payment took is given back.
    await t.act({ type: 'void' });
    await t.run();
    expect((await t.sale()).status).toBe('voided');
    expect(sent.filter((p) => p.endsWith('/_voidPayment'))).toHaveLength(1);
    expect(t.state().instruments.find((i) => i.number === '710100000001')?.amountNet).toBe(120);
  });

  it('a commit answered so is a manager’s: not sent again for ever, and the rest of the sale can be given back', async () => {
    const sent: string[] = [];
    const t = setup({
      onSend: (request) => void sent.push(new URL(request.url).pathname),
      bend: (path, body) =>
        path.endsWith('/_commit')
          ? { ...body, account: { ...(body.account as object), amountNet: 29.999999999999996 } }
          : body,
    });
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    await t.act({ type: 'complete' });
    await t.run();
    for (let i = 0; i < 3; i += 1) {
      t.advance(60_000);
      await t.run();
    }
    expect(sent.filter((p) => p.endsWith('/_commit'))).toHaveLength(1);
    const commit = (await t.reads.all()).find((r) => r.request.type === 'giftCard.commit');
    expect(commit).toMatchObject({ status: 'attention', error: { code: 'contradictory_answer' } });
    expect((await t.sale()).lines[0]).toMatchObject({ state: { name: 'committing' }, settleWithManager: true });
  });
});

describe('a commit to send again after the device clock was set back', () => {
  it('goes after its back-off as time passes, not when the clock catches up with the record’s time', async () => {
    const sent: string[] = [];
    const t = setup({ onSend: (request) => void sent.push(new URL(request.url).pathname) });
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    t.app.faults.replace({ next: { count: 1, kind: 'error500', path: '/_commit' } });
    await t.act({ type: 'complete' });
    await t.run();
    expect((await t.sale()).lines[0]?.state.name).toBe('committing');

    t.advance(-2 * 3_600_000); // the tablet's clock had been two hours ahead: set right
    t.advance(5_000); // five seconds pass, well past the first back-off
    await t.run();
    expect(sent.filter((p) => p.endsWith('/_commit'))).toHaveLength(2);
    expect((await t.sale()).lines[0]?.state.name).toBe('committed');
  });
});

describe('a commit the server turns away for a while (429 with Retry-After)', () => {
  it('is asked again when the server said, not sooner (its own back-off is shorter)', async () => {
    const commits: number[] = [];
    let retryAfter = '20';
    const t = setup({
      onSend: (request) => {
        if (request.url.endsWith('/_commit')) commits.push(t.elapsed());
      },
    });
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    // The server turns the commit away, saying when to come back.
    const inner = t.api.config.fetch!;
    t.api.config.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/_commit') && retryAfter !== '') {
        commits.push(t.elapsed());
        const wait = retryAfter;
        retryAfter = '';
        return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down.' } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'Retry-After': wait },
        });
      }
      return inner(request);
    };
    await t.act({ type: 'complete' });
    await t.run();
    t.advance(10_000);
    await t.run();
    expect(commits).toHaveLength(1); // 10 s: not yet, though its own back-off (1 s) has passed
    t.advance(10_000);
    await t.run();
    expect((await t.sale()).lines[0]?.state.name).toBe('committed');
  });

  it('the server’s wait holds back every retry, not only the one it turned away: a backlog does not meet the limit one record after another', async () => {
    const t = setup();
    await t.start(3000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 1000, availableBefore: 5000 });
    await t.run();
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000007', amount: 2000, availableBefore: 10000 });
    await t.run();
    // Both commits meet an outage: queued, sent again later.
    t.app.faults.replace({ next: { count: 2, kind: 'unavailable', path: '/_commit' } });
    await t.act({ type: 'complete' });
    await t.run();
    expect(await t.lineStates()).toEqual(['committing', 'committing']);
    let turnAway = true;
    const commits = commitsTurnedAway(t, '30', () => turnAway);
    t.advance(2_000); // both retries due
    await t.run();
    expect(commits).toHaveLength(1); // the first turned away; the other waits with it
    t.advance(20_000);
    await t.run();
    expect(commits).toHaveLength(1);
    turnAway = false;
    t.advance(11_000);
    await t.run();
    expect(commits).toHaveLength(3);
    expect(await t.lineStates()).toEqual(['committed', 'committed']);
  });

  it('a commit whose answer was lost, turned away on its resend, waits as the server said too', async () => {
    const t = setup();
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_commit' } });
    await t.act({ type: 'complete' });
    await t.run();
    expect((await t.reads.all()).find((r) => r.request.type === 'giftCard.commit')?.status).toBe('unknown');
    let first = true;
    const commits = commitsTurnedAway(t, '30', () => {
      const turnAway = first;
      first = false;
      return turnAway;
    });
    t.advance(2_000);
    await t.run();
    expect(commits).toHaveLength(1);
    const turnedAway = (await t.reads.all()).find((r) => r.request.type === 'giftCard.commit');
    expect(turnedAway).toMatchObject({ status: 'unknown', error: { code: 'rate_limited', retryAfterSeconds: 30 } });
    for (let i = 0; i < 5; i += 1) {
      t.advance(5_000); // 25 s: its own back-off (8 s at most) has passed three times over
      await t.run();
    }
    expect(commits).toHaveLength(1);
    t.advance(6_000);
    await t.run();
    expect(commits).toHaveLength(2);
    expect((await t.sale()).lines[0]?.state.name).toBe('committed');
  });
});
