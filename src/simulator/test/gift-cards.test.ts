import { describe, expect, it } from 'vitest';
import { harness, ws } from './harness';

const pay = (amount: unknown) => ({ amount, workstationData: ws() });

describe('gift card query', () => {
  it('returns the card with its account, status and customer', async () => {
    const sim = harness();
    const { status, body } = await sim.get('/giftcards/700100000001');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      giftCardId: '700100000001',
      seriesNumber: 'GC1',
      status: 'issued',
      account: { amountNet: 50, amountOriginal: 50, amountFloor: 0, amountAuthorized: 0 },
      customer: { customerId: 'C1', name: 'Ada Lovelace' },
      startDate: '2026-01-01T00:00:00Z',
      expiryDate: '2099-01-01T00:00:00Z',
    });
  });

  it('shows not issued and expired cards as such', async () => {
    const sim = harness();
    expect((await sim.get('/giftcards/700100000003')).body).toMatchObject({ status: 'notIssued', customer: null });
    expect((await sim.get('/giftcards/700100000003')).body.startDate).toBeUndefined();
    expect((await sim.get('/giftcards/700100000006')).body.status).toBe('expired');
  });

  it('does not find unknown numbers, nor a store credit under /giftcards', async () => {
    const sim = harness();
    expect((await sim.get('/giftcards/999')).body.error.code).toBe('not_found');
    expect((await sim.get('/giftcards/720100000001')).status).toBe(404);
  });
});

describe('pre-numbered issue', () => {
  it('issues a card with the amount, starting now and expiring after the series validity', async () => {
    const sim = harness();
    const { status, body } = await sim.post('/giftcards/700100000003/_issue', {
      amount: 20,
      customer: { customerId: 'C9' },
      workstationData: ws(),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'issued',
      startDate: '2026-11-22T12:00:00.000Z',
      expiryDate: '2029-11-22T12:00:00.000Z',
      account: { amountOriginal: 20, amountNet: 20, amountAuthorized: 0 },
      customer: { customerId: 'C9' },
    });
  });

  it('refuses a card already issued, and unknown cards', async () => {
    const sim = harness();
    expect((await sim.post('/giftcards/700100000001/_issue', pay(10))).body.error.code).toBe('already_issued');
    expect((await sim.post('/giftcards/700199999999/_issue', pay(10))).body.error.code).toBe('not_found');
  });

  it('needs an amount unless the series has a fixed one, which cannot be changed', async () => {
    const sim = harness();
    expect((await sim.post('/giftcards/700100000003/_issue')).body.error.code).toBe('invalid_amount');
    expect((await sim.post('/giftcards/700200000001/_issue', pay(30))).body.error.code).toBe('invalid_amount');
    const fixed = await sim.post('/giftcards/700200000001/_issue');
    expect(fixed.status).toBe(200);
    expect(fixed.body.account.amountNet).toBe(25);
    expect((await sim.post('/giftcards/700200000002/_issue', pay(25))).status).toBe(200);
  });
});

describe('live-printed issue', () => {
  it('creates the next number of the series, prefix plus padded counter', async () => {
    const sim = harness();
    const first = await sim.post('/giftCardSeries/GC3/giftcards/_issue', pay(15));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ giftCardId: '700300000001', status: 'issued', account: { amountNet: 15 } });
    expect((await sim.post('/giftCardSeries/GC3/giftcards/_issue', pay(15))).body.giftCardId).toBe('700300000002');
    expect((await sim.get('/giftcards/700300000002')).body.status).toBe('issued');
  });

  it('refuses unknown and pre-numbered series', async () => {
    const sim = harness();
    expect((await sim.post('/giftCardSeries/NOPE/giftcards/_issue', pay(5))).body.error.code).toBe('series_not_found');
    const pre = await sim.post('/giftCardSeries/GC1/giftcards/_issue', pay(5));
    expect([pre.status, pre.body.error.code]).toEqual([409, 'series_not_live_printed']);
  });

  it('skips numbers that exist and is exhausted past the largest counter', async () => {
    const dataset = {
      currency: 'EUR',
      tokens: [{ token: 'demo-token', merchantId: 'M1' }],
      loyaltyGroups: [
        {
          id: 'demo',
          merchants: ['M1'],
          giftCardSeries: [
            {
              seriesNumber: 'S',
              prefix: '9',
              length: 1,
              issueType: 'livePrinted',
              fixedAmount: null,
              validityMonths: null,
              sellingMerchants: null,
              acceptingMerchants: null,
            },
          ],
          giftCards: [
            {
              number: '91',
              seriesNumber: 'S',
              status: 'notIssued',
              amountOriginal: 0,
              amountNet: 0,
              amountFloor: 0,
              customer: null,
            },
          ],
        },
      ],
    };
    const sim = harness({ dataset });
    const numbers: string[] = [];
    for (let i = 0; i < 8; i += 1)
      numbers.push((await sim.post('/giftCardSeries/S/giftcards/_issue', pay(1))).body.giftCardId);
    expect(numbers).toEqual(['92', '93', '94', '95', '96', '97', '98', '99']);
    const exhausted = await sim.post('/giftCardSeries/S/giftcards/_issue', pay(1));
    expect([exhausted.status, exhausted.body.error.code]).toEqual([409, 'series_exhausted']);
  });
});

describe('un-issue', () => {
  it('returns an unused card to not issued with zero amounts', async () => {
    const sim = harness();
    await sim.post('/giftcards/700100000003/_issue', pay(20));
    const { status, body } = await sim.post('/giftcards/700100000003/_unissue');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'notIssued',
      account: { amountNet: 0, amountOriginal: 0, amountAuthorized: 0, amountFloor: 0 },
    });
    expect((await sim.post('/giftcards/700100000003/_unissue')).body.error.code).toBe('not_issued');
  });

  it('is refused for a card the dataset holds already spent (less left than it was issued with)', async () => {
    const sim = harness();
    const refused = await sim.post('/giftcards/700100000002/_unissue'); // issued with 25.00, 0.00 left
    expect([refused.status, refused.body.error.code]).toEqual([409, 'financial_activity']);
  });

  it('is refused after any pay that created an authorization, even a canceled one', async () => {
    const sim = harness();
    await sim.post('/giftcards/700100000003/_issue', pay(20));
    const auth = (await sim.post('/giftcards/700100000003/_pay', pay(5))).body;
    await sim.post(`/instruments/700100000003/authorizations/${auth.authCode}/_cancel`);
    const refused = await sim.post('/giftcards/700100000003/_unissue');
    expect([refused.status, refused.body.error.code]).toEqual([409, 'financial_activity']);
  });

  it('is allowed after a refused pay (refusals are not financial activity)', async () => {
    const sim = harness();
    await sim.post('/giftcards/700100000003/_issue', pay(20));
    expect((await sim.post('/giftcards/700100000003/_pay', pay(500))).body.error.code).toBe('insufficient_funds');
    expect((await sim.post('/giftcards/700100000003/_unissue')).status).toBe(200);
  });
});

describe('pay, commit, cancel', () => {
  it('places a hold that counts in amountAuthorized until committed', async () => {
    const sim = harness();
    const held = await sim.post('/giftcards/700100000001/_pay', pay(12.5));
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({
      instrumentId: '700100000001',
      amount: 12.5,
      status: 'pending',
      created: '2026-11-22T12:00:00.000Z',
      expires: '2026-11-22T12:15:00.000Z',
      account: { amountNet: 50, amountAuthorized: 12.5 },
    });
    const committed = await sim.post(`/giftcards/700100000001/authorizations/${held.body.authCode}/_commit`);
    expect(committed.status).toBe(200);
    expect(committed.body).toMatchObject({ status: 'committed', account: { amountNet: 37.5, amountAuthorized: 0 } });
    const again = await sim.post(`/giftcards/700100000001/authorizations/${held.body.authCode}/_commit`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(committed.body);
    expect(sim.instrument('700100000001')?.amountNet).toBe(37.5);
  });

  it('refuses more than is available, saying how much is', async () => {
    const sim = harness();
    await sim.post('/giftcards/700100000001/_pay', pay(45));
    const refused = await sim.post('/giftcards/700100000001/_pay', pay(5.01));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'insufficient_funds', available: 5 });
  });

  it('refuses cards not issued, expired or not yet valid', async () => {
    const sim = harness();
    expect((await sim.post('/giftcards/700100000003/_pay', pay(1))).body.error.code).toBe('not_issued');
    expect((await sim.post('/giftcards/700100000006/_pay', pay(1))).body.error.code).toBe('expired');
    expect((await sim.post('/giftcards/700100000008/_pay', pay(1))).body.error.code).toBe('not_yet_valid');
    expect((await sim.post('/giftcards/700100000002/_pay', pay(1))).body.error.code).toBe('insufficient_funds');
  });

  it('cancels under /instruments/ only, idempotently; a committed one cannot be canceled', async () => {
    const sim = harness();
    const a = (await sim.post('/giftcards/700100000001/_pay', pay(10))).body.authCode;
    expect((await sim.post(`/giftcards/700100000001/authorizations/${a}/_cancel`)).status).toBe(404);
    const canceled = await sim.post(`/instruments/700100000001/authorizations/${a}/_cancel`);
    expect(canceled.body).toMatchObject({ status: 'canceled', account: { amountAuthorized: 0, amountNet: 50 } });
    expect((await sim.post(`/instruments/700100000001/authorizations/${a}/_cancel`)).body).toEqual(canceled.body);
    expect((await sim.post(`/giftcards/700100000001/authorizations/${a}/_commit`)).body.error.code).toBe(
      'authorization_canceled',
    );

    const b = (await sim.post('/giftcards/700100000001/_pay', pay(10))).body.authCode;
    await sim.post(`/giftcards/700100000001/authorizations/${b}/_commit`);
    const refused = await sim.post(`/instruments/700100000001/authorizations/${b}/_cancel`);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'authorization_committed']);
  });

  it('lets a hold lapse at expires: no longer held, not committable, cancel answers expired', async () => {
    const sim = harness();
    const a = (await sim.post('/giftcards/700100000001/_pay', pay(10))).body.authCode;
    sim.advance(15 * 60_000 - 1);
    expect((await sim.get('/giftcards/700100000001')).body.account.amountAuthorized).toBe(10);
    sim.advance(1);
    expect((await sim.get('/giftcards/700100000001')).body.account.amountAuthorized).toBe(0);
    const commit = await sim.post(`/giftcards/700100000001/authorizations/${a}/_commit`);
    expect([commit.status, commit.body.error.code]).toEqual([409, 'authorization_expired']);
    const cancel = await sim.post(`/instruments/700100000001/authorizations/${a}/_cancel`);
    expect([cancel.status, cancel.body.status]).toEqual([200, 'expired']);
    expect(sim.engine.view().authorizations[0]?.status).toBe('expired');
  });

  it('finds an authCode only under its own instrument', async () => {
    const sim = harness();
    const a = (await sim.post('/giftcards/700100000001/_pay', pay(10))).body.authCode;
    expect((await sim.post(`/giftcards/700100000007/authorizations/${a}/_commit`)).body.error.code).toBe(
      'authorization_not_found',
    );
    expect((await sim.post(`/giftcards/700100000001/authorizations/NOPE/_commit`)).body.error.code).toBe(
      'authorization_not_found',
    );
    expect((await sim.post(`/giftcards/700199999999/authorizations/${a}/_commit`)).body.error.code).toBe('not_found');
    expect((await sim.post(`/instruments/720100000001/authorizations/${a}/_cancel`)).body.error.code).toBe('not_found');
  });
});
