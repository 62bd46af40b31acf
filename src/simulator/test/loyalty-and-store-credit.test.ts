import { describe, expect, it } from 'vitest';
import { harness, ws } from './harness';

const OTHER_TX = '0b9f1d7e-1111-4222-8333-944455566677';
const pay = (amount: unknown, transactionId?: string) => ({ amount, workstationData: ws(transactionId) });

describe('loyalty card payments', () => {
  it('approves in full and takes effect at once', async () => {
    const sim = harness();
    const { status, body } = await sim.post('/loyaltycards/710100000001/_pay', pay(20));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      result: 'approved',
      requestedAmount: 20,
      approvedAmount: 20,
      account: { amountNet: 100 },
    });
    expect(body.transactionId).toBe(ws().transactionId);
    expect(body.denialReason).toBeUndefined();
  });

  it('approves partially for exactly the available amount', async () => {
    const sim = harness();
    const { body } = await sim.post('/loyaltycards/710100000002/_pay', pay(20));
    expect(body).toMatchObject({
      result: 'partiallyApproved',
      requestedAmount: 20,
      approvedAmount: 5,
      account: { amountNet: 0 },
    });
  });

  it('denies with a reason, changing nothing, as an answer not an error', async () => {
    const sim = harness();
    for (const [number, reason] of [
      ['710100000003', 'card_not_open'],
      ['710100000004', 'card_not_open'],
      ['710100000005', 'card_not_open'],
      ['710100000006', 'insufficient_funds'],
    ] as const) {
      const { status, body } = await sim.post(`/loyaltycards/${number}/_pay`, pay(1));
      expect([number, status, body.result, body.denialReason, body.approvedAmount]).toEqual([
        number,
        200,
        'denied',
        reason,
        0,
      ]);
    }
    expect(sim.instrument('710100000004')?.amountNet).toBe(15);
  });

  it('checks card status before expiry, and expiry (UTC dates) before balance', async () => {
    const dataset = {
      currency: 'EUR',
      tokens: [{ token: 'demo-token', merchantId: 'M1' }],
      loyaltyGroups: [
        {
          id: 'demo',
          merchants: ['M1'],
          loyaltyCardSeries: [{ seriesNumber: 'L', prefix: '1', length: 4 }],
          loyaltyCards: [
            {
              number: '10001',
              seriesNumber: 'L',
              statusCode: 1,
              amountOriginal: 0,
              amountNet: 0,
              amountFloor: 0,
              expiryDate: '2026-11-21',
              customer: null,
            },
            {
              number: '10002',
              seriesNumber: 'L',
              statusCode: 1,
              amountOriginal: 0,
              amountNet: 9,
              amountFloor: 0,
              expiryDate: '2026-11-22',
              customer: null,
            },
            {
              number: '10003',
              seriesNumber: 'L',
              statusCode: 2,
              amountOriginal: 0,
              amountNet: 9,
              amountFloor: 0,
              expiryDate: '2026-01-01',
              customer: null,
            },
          ],
        },
      ],
    };
    const sim = harness({ dataset, start: '2026-11-22T23:59:00Z' });
    expect((await sim.post('/loyaltycards/10001/_pay', pay(1))).body.denialReason).toBe('expired');
    expect((await sim.post('/loyaltycards/10002/_pay', pay(1))).body.result).toBe('approved');
    expect((await sim.post('/loyaltycards/10003/_pay', pay(1))).body.denialReason).toBe('card_not_open');
  });

  it('voids every approved payment of the transaction on that card, and repeats the same answer', async () => {
    const sim = harness();
    await sim.post('/loyaltycards/710100000001/_pay', pay(20));
    await sim.post('/loyaltycards/710100000001/_pay', pay(5));
    await sim.post('/loyaltycards/710100000001/_pay', pay(7, OTHER_TX));
    const voided = await sim.post('/merchant/M1/loyaltycards/710100000001/_voidPayment');
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({
      result: 'voided',
      transactionId: ws().transactionId,
      voidedAmount: 25,
      account: { amountNet: 113 },
    });
    const again = await sim.post('/merchant/M1/loyaltycards/710100000001/_voidPayment');
    expect(again.body).toEqual(voided.body);
    expect(sim.instrument('710100000001')?.amountNet).toBe(113);
    expect(sim.engine.view().loyaltyPayments.filter((p) => p.voided)).toHaveLength(2);
  });

  it('has nothing to void without an approved payment; refuses another merchant in the path', async () => {
    const sim = harness();
    await sim.post('/loyaltycards/710100000006/_pay', pay(3));
    expect((await sim.post('/merchant/M1/loyaltycards/710100000006/_voidPayment')).body.error.code).toBe(
      'payment_not_found',
    );
    await sim.post('/loyaltycards/710100000001/_pay', pay(3));
    const other = await sim.post('/merchant/M2/loyaltycards/710100000001/_voidPayment');
    expect([other.status, other.body.error.code]).toEqual([403, 'merchant_not_allowed']);
    expect((await sim.post('/merchant/M1/loyaltycards/799999999999/_voidPayment')).body.error.code).toBe('not_found');
  });
});

describe('loyalty card issue and un-issue', () => {
  it('opens a New card today, linking the customer, and un-issues it back', async () => {
    const sim = harness();
    const opened = await sim.post('/loyaltycards/710100000003/_issue', {
      customer: { customerId: 'C7', name: 'Kim' },
      workstationData: ws(),
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      statusCode: 1,
      startDate: '2026-11-22',
      customer: { customerId: 'C7', name: 'Kim' },
    });
    expect((await sim.post('/loyaltycards/710100000003/_issue')).body.error.code).toBe('already_issued');
    const back = await sim.post('/loyaltycards/710100000003/_unissue');
    expect(back.body.statusCode).toBe(0);
    expect((await sim.post('/loyaltycards/710100000003/_unissue')).body.error.code).toBe('not_issued');
  });

  it('never touches Closed or Canceled cards', async () => {
    const sim = harness();
    expect((await sim.post('/loyaltycards/710100000004/_issue')).body.error.code).toBe('card_closed');
    expect((await sim.post('/loyaltycards/710100000005/_issue')).body.error.code).toBe('card_canceled');
    expect((await sim.post('/loyaltycards/710100000004/_unissue')).body.error.code).toBe('card_closed');
    expect((await sim.post('/loyaltycards/710100000005/_unissue')).body.error.code).toBe('card_canceled');
  });

  it('refuses un-issue after an approved payment but not after a denied one', async () => {
    const sim = harness();
    await sim.post('/loyaltycards/710100000006/_pay', pay(1));
    expect((await sim.post('/loyaltycards/710100000006/_unissue')).status).toBe(200);
    await sim.post('/loyaltycards/710100000002/_pay', pay(1));
    expect((await sim.post('/loyaltycards/710100000002/_unissue')).body.error.code).toBe('financial_activity');
  });
});

describe('store credit', () => {
  it('issues from a series with a new number, pays, commits, cancels under the singular path', async () => {
    const sim = harness();
    const issued = await sim.post('/storeCreditSeries/SC1/storecredits/_issue', pay(40));
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      storeCreditId: '720100000002',
      status: 'issued',
      account: { amountNet: 40 },
      expiryDate: '2027-11-22T12:00:00.000Z',
    });
    const a = (await sim.post('/storecredits/720100000002/_pay', pay(15))).body;
    expect(a).toMatchObject({ status: 'pending', account: { amountAuthorized: 15 } });
    expect((await sim.post(`/instruments/720100000002/authorizations/${a.authCode}/_cancel`)).body.error.code).toBe(
      'not_found',
    );
    expect((await sim.post(`/storecredits/720100000002/authorizations/${a.authCode}/_cancel`)).status).toBe(404);
    expect((await sim.post(`/storecredit/720100000002/authorizations/${a.authCode}/_cancel`)).body.status).toBe(
      'canceled',
    );
    const b = (await sim.post('/storecredits/720100000002/_pay', pay(15))).body;
    const committed = await sim.post(`/storecredits/720100000002/authorizations/${b.authCode}/_commit`);
    expect(committed.body).toMatchObject({ status: 'committed', account: { amountNet: 25 } });
    expect((await sim.post(`/storecredit/700100000001/authorizations/${b.authCode}/_cancel`)).body.error.code).toBe(
      'not_found',
    );
  });

  it('needs an amount and guards un-issue like gift cards', async () => {
    const sim = harness();
    expect((await sim.post('/storeCreditSeries/SC1/storecredits/_issue')).body.error.code).toBe('invalid_amount');
    expect((await sim.post('/storeCreditSeries/X/storecredits/_issue', pay(1))).body.error.code).toBe(
      'series_not_found',
    );
    const n = (await sim.post('/storeCreditSeries/SC1/storecredits/_issue', pay(10))).body.storeCreditId;
    expect((await sim.post(`/storecredits/${n}/_unissue`)).body.status).toBe('notIssued');
    expect((await sim.post('/storecredits/720100000001/_pay', pay(1))).status).toBe(201);
    expect((await sim.post('/storecredits/720100000001/_unissue')).body.error.code).toBe('financial_activity');
    expect((await sim.get('/storecredits/700100000001')).body.error.code).toBe('not_found');
  });
});
