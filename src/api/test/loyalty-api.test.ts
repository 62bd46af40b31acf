import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { demoDataset } from '@/simulator/demo-dataset';
import { simulatedApi } from '@/test-support/simulated-api';
import { simulatorFetch } from '@/simulator/browser/fetch-adapter';
import { callEveryOperation } from './every-operation';
import { idempotencyKeySchema } from '@/wire/idempotency-key';
import { LoyaltyApiError } from '../errors';
import { createLoyaltyApi, type ApiConfig } from '../loyalty-api';

const TX = '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60';
const o = { transactionId: TX, reason: 'Sale' };

const setup = (overrides: Partial<ApiConfig> = {}, dataset: unknown = demoDataset) => simulatedApi(overrides, dataset);

async function failure(promise: Promise<unknown>): Promise<LoyaltyApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LoyaltyApiError) return error;
    throw error;
  }
  throw new Error('expected a LoyaltyApiError');
}

describe('the 18 operations against the simulator', () => {
  it('gift cards: get, issue, issue in series, pay, commit, cancel, unissue', async () => {
    const { api, state } = setup();
    const card = await api.giftCards.get('700100000001');
    expect(card).toMatchObject({
      kind: 'giftCard',
      number: '700100000001',
      status: 'issued',
      account: { net: 5000, original: 5000, floor: 0, authorized: 0 },
    });
    expect((await api.giftCards.issue('700100000003', { amount: 2050 }, o)).account.net).toBe(2050);
    const printed = await api.giftCards.issueInSeries('GC3', { amount: 1000, customer: { customerId: 'C5' } }, o);
    expect(printed).toMatchObject({ number: '700300000001', customer: { customerId: 'C5' } });
    const hold = await api.giftCards.pay('700100000001', 1250, o);
    expect(hold).toMatchObject({ status: 'pending', amount: 1250, account: { authorized: 1250 } });
    expect((await api.giftCards.commit('700100000001', hold.authCode, o)).account.net).toBe(3750);
    const second = await api.giftCards.pay('700100000001', 100, o);
    expect((await api.giftCards.cancel('700100000001', second.authCode, o)).status).toBe('canceled');
    expect((await api.giftCards.unissue('700300000001', o)).status).toBe('notIssued');
    expect(state().instruments.find((i) => i.number === '700100000001')?.amountNet).toBe(37.5);
  });

  it('loyalty cards: get, issue, unissue, pay (partial), void', async () => {
    const { api } = setup();
    expect(await api.loyaltyCards.get('710100000003')).toMatchObject({ kind: 'loyaltyCard', statusCode: 0 });
    expect(
      (await api.loyaltyCards.issue('710100000003', { customer: { customerId: 'C9', name: 'Noor' } }, o)).statusCode,
    ).toBe(1);
    expect((await api.loyaltyCards.unissue('710100000003', o)).statusCode).toBe(0);
    const partial = await api.loyaltyCards.pay('710100000002', 2000, o);
    expect(partial).toMatchObject({
      result: 'partiallyApproved',
      requestedAmount: 2000,
      approvedAmount: 500,
      account: { net: 0 },
    });
    const voided = await api.loyaltyCards.voidPayment('710100000002', o);
    expect(voided).toMatchObject({ result: 'voided', voidedAmount: 500, account: { net: 500 } });
  });

  it('store credit: get, issue in series, pay, commit, cancel, unissue', async () => {
    const { api } = setup();
    expect((await api.storeCredits.get('720100000001')).account.net).toBe(3000);
    const issued = await api.storeCredits.issueInSeries('SC1', { amount: 999 }, o);
    expect(issued).toMatchObject({ kind: 'storeCredit', number: '720100000002', status: 'issued' });
    const hold = await api.storeCredits.pay(issued.number, 500, o);
    expect((await api.storeCredits.cancel(issued.number, hold.authCode, o)).status).toBe('canceled');
    const again = await api.storeCredits.pay('720100000001', 500, o);
    expect((await api.storeCredits.commit('720100000001', again.authCode, o)).account.net).toBe(2500);
    const fresh = await api.storeCredits.issueInSeries('SC1', { amount: 100 }, o);
    expect((await api.storeCredits.unissue(fresh.number, o)).status).toBe('notIssued');
  });
});

describe('requests', () => {
  it('sends the token, workstationData, and a fresh Idempotency-Key unless one is given', async () => {
    const { api, sent } = setup();
    await api.giftCards.pay('700100000001', 100, o);
    await api.giftCards.pay('700100000001', 100, { ...o, idempotencyKey: 'a0a0a0a0-0000-4000-8000-000000000001' });
    const [first, second] = sent;
    expect(first?.headers.get('authorization')).toBe('Bearer demo-token');
    expect(first?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.get('idempotency-key')).toBe('a0a0a0a0-0000-4000-8000-000000000001');
    expect(await first?.clone().json()).toEqual({
      amount: 1,
      workstationData: { storeId: 1, workstationId: 7, operatorId: 'op', transactionId: TX, reason: 'Sale' },
    });
    expect(first?.url).toBe('http://sim.test/loyalty/api/v1/pos/loyaltyGroups/demo/giftcards/700100000001/_pay');
  });

  it('sends each POST a UUID Idempotency-Key, never one the contract refuses (blank, over 255 characters)', async () => {
    const { api, sent } = setup();
    await callEveryOperation(api, o);
    const keys = sent.filter((r) => r.method === 'POST').map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(18);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(v.is(idempotencyKeySchema, key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('percent-encodes every path parameter', async () => {
    const { api, sent } = setup({ loyaltyGroup: 'de mo' });
    await failure(api.giftCards.commit('70/01', 'a?b', o));
    expect(sent[0]?.url).toBe(
      'http://sim.test/loyalty/api/v1/pos/loyaltyGroups/de%20mo/giftcards/70%2F01/authorizations/a%3Fb/_commit',
    );
  });

  it('retried with the same key, an issue answers the same card and creates no second one', async () => {
    const { api, state } = setup();
    const key = 'b1b1b1b1-0000-4000-8000-000000000002';
    const a = await api.giftCards.issueInSeries('GC3', { amount: 500 }, { ...o, idempotencyKey: key });
    const b = await api.giftCards.issueInSeries('GC3', { amount: 500 }, { ...o, idempotencyKey: key });
    expect(b.number).toBe(a.number);
    expect(state().instruments.filter((i) => i.seriesNumber === 'GC3')).toHaveLength(1);
  });

  it('converts amounts with the currency digits: ISK none, KWD three', async () => {
    for (const [currency, minor, major] of [
      ['ISK', 5, 5],
      ['KWD', 1234, 1.234],
    ] as const) {
      const dataset = JSON.parse(JSON.stringify(demoDataset));
      dataset.currency = currency;
      const { api, sent, state } = setup({}, dataset);
      const hold = await api.giftCards.pay('700100000001', minor, o);
      expect((await sent[0]!.clone().json()).amount).toBe(major);
      expect(hold.amount).toBe(minor);
      expect(state().authorizations[0]?.amount).toBe(major);
    }
  });
});

describe('errors', () => {
  it('maps contract errors to their codes, with details in the error', async () => {
    const { api } = setup();
    expect((await failure(api.giftCards.get('1234'))).code).toBe('not_found');
    const funds = await failure(api.giftCards.pay('700100000001', 6000, o));
    expect([funds.code, funds.status, funds.details.available, funds.outcomeUnknown]).toEqual([
      'insufficient_funds',
      409,
      50,
      false,
    ]);
    expect((await failure(setup({ token: 'wrong' }).api.giftCards.get('700100000001'))).code).toBe('unauthorized');
    expect((await failure(setup({ loyaltyGroup: 'nope' }).api.giftCards.get('700100000001'))).code).toBe(
      'loyalty_group_not_found',
    );
    expect((await failure(api.giftCards.pay('700100000001', 0, o))).code).toBe('invalid_amount');
    expect((await failure(api.loyaltyCards.voidPayment('710100000001', o))).code).toBe('payment_not_found');
    expect((await failure(setup({ merchantId: 'M2' }).api.loyaltyCards.voidPayment('710100000001', o))).code).toBe(
      'merchant_not_allowed',
    );
    const key = 'c2c2c2c2-0000-4000-8000-000000000003';
    await api.giftCards.pay('700100000001', 100, { ...o, idempotencyKey: key });
    expect((await failure(api.giftCards.pay('700100000001', 200, { ...o, idempotencyKey: key }))).code).toBe(
      'idempotency_key_reused',
    );
  });

  it('maps every simulator fault, and says when a POST outcome is unknown', async () => {
    const { api, app } = setup({ timeoutMs: 100 });
    const cases = [
      ['error500', 'internal', true],
      ['unavailable', 'unavailable', true],
      ['rateLimited', 'rate_limited', false],
      ['drop', 'network', true],
      ['timeout', 'timeout', true],
    ] as const;
    for (const [kind, code, unknown] of cases) {
      app.faults.replace({ next: { count: 1, kind } });
      const error = await failure(api.giftCards.pay('700100000007', 100, o));
      expect([kind, error.code, error.outcomeUnknown]).toEqual([kind, code, unknown]);
      if (kind === 'rateLimited') expect(error.retryAfterSeconds).toBe(1);
    }
    // drop applied the hold: only a replay or a re-read can tell
    expect(app.engine.view().authorizations.filter((a) => a.instrumentId === '700100000007')).toHaveLength(1);
    app.faults.replace({ next: { count: 1, kind: 'timeout' } });
    expect((await failure(api.giftCards.get('700100000001'))).outcomeUnknown).toBe(false);
  });

  it('answers 409 request_in_progress as an unknown outcome', async () => {
    const { api, app } = setup();
    app.faults.replace({ latencyMs: 50 });
    const key = 'd3d3d3d3-0000-4000-8000-000000000004';
    const results = await Promise.allSettled([
      api.giftCards.pay('700100000001', 100, { ...o, idempotencyKey: key }),
      api.giftCards.pay('700100000001', 100, { ...o, idempotencyKey: key }),
    ]);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect([rejected.reason.code, rejected.reason.outcomeUnknown]).toEqual(['request_in_progress', true]);
  });
});

describe('answers that are not the contract', () => {
  const fake = (status: number, body: string, headers: Record<string, string> = {}) =>
    createLoyaltyApi({
      baseUrl: 'http://x',
      loyaltyGroup: 'g',
      token: 't',
      merchantId: 'M1',
      currency: 'EUR',
      timeoutMs: 1000,
      fetch: async () => new Response(body, { status, headers }),
    });
  const goodCard = {
    giftCardId: '1',
    seriesNumber: 'S',
    account: { amountNet: 1, amountOriginal: 1, amountFloor: 0, amountAuthorized: 0 },
    customer: null,
    status: 'issued',
  };

  it('turns an HTML page, an empty body, a wrong type or an impossible amount into malformed_response', async () => {
    expect((await failure(fake(200, '<html>proxy</html>').giftCards.get('1'))).code).toBe('malformed_response');
    expect((await failure(fake(200, '').giftCards.get('1'))).code).toBe('malformed_response');
    expect(
      (
        await failure(
          fake(200, JSON.stringify({ ...goodCard, account: { ...goodCard.account, amountNet: '1' } })).giftCards.get(
            '1',
          ),
        )
      ).message,
    ).toContain('account.amountNet');
    expect(
      (
        await failure(
          fake(200, JSON.stringify({ ...goodCard, account: { ...goodCard.account, amountNet: 1.234 } })).giftCards.get(
            '1',
          ),
        )
      ).code,
    ).toBe('malformed_response');
    const unknown = await failure(fake(201, '<html/>').giftCards.pay('1', 100, o));
    expect([unknown.code, unknown.outcomeUnknown]).toEqual(['malformed_response', true]);
  });

  it('refuses an authorization code or a card number with a line break, a printer byte or a bidi override', async () => {
    const hold = {
      authCode: 'A1',
      instrumentId: '1',
      amount: 1,
      status: 'pending',
      created: '2026-11-29T10:00:00Z',
      expires: '2026-11-29T10:15:00Z',
      account: goodCard.account,
    };
    // The same answer with a plain code is taken (a space-padded one too): only the code makes it malformed.
    for (const authCode of ['A1', '12345 ', 'A'.repeat(128)])
      expect((await fake(201, JSON.stringify({ ...hold, authCode })).giftCards.pay('1', 100, o)).authCode).toBe(
        authCode,
      );
    for (const authCode of ['A1\n\u001b@GRAND TOTAL PAID EUR 999.00', 'A1\u202eDIAP', '   ', 'A'.repeat(129), '']) {
      const lost = await failure(fake(201, JSON.stringify({ ...hold, authCode })).giftCards.pay('1', 100, o));
      expect([lost.code, lost.outcomeUnknown]).toEqual(['malformed_response', true]);
    }
    for (const giftCardId of ['7001\n0001', '7001\u200f0001', '7001 0001'])
      expect((await failure(fake(200, JSON.stringify({ ...goodCard, giftCardId })).giftCards.get('1'))).code).toBe(
        'malformed_response',
      );
  });

  it('ignores unknown fields and derives a missing status', async () => {
    const { status: _omit, ...withoutStatus } = goodCard;
    const card = await fake(
      200,
      JSON.stringify({
        ...withoutStatus,
        startDate: '2020-01-01T00:00:00+02:00',
        expiryDate: '2021-01-01T00:00:00Z',
        extra: { x: 1 },
      }),
    ).giftCards.get('1');
    expect(card.status).toBe('expired');
    expect(card).not.toHaveProperty('extra');
  });

  it('reads error statuses without the error body by their status', async () => {
    expect((await failure(fake(502, '<html>Bad gateway</html>').giftCards.get('1'))).code).toBe('unavailable');
    expect((await failure(fake(401, '').giftCards.get('1'))).code).toBe('unauthorized');
    const limited = await failure(fake(429, '', { 'Retry-After': '7' }).giftCards.get('1'));
    expect([limited.code, limited.retryAfterSeconds]).toEqual(['rate_limited', 7]);
    expect((await failure(fake(418, 'teapot').giftCards.get('1'))).code).toBe('malformed_response');
  });

  it('keeps every contract error code', async () => {
    const codes = [
      'invalid_request',
      'series_not_found',
      'authorization_not_found',
      'already_issued',
      'not_issued',
      'financial_activity',
      'expired',
      'not_yet_valid',
      'series_not_live_printed',
      'series_exhausted',
      'authorization_committed',
      'authorization_canceled',
      'authorization_expired',
      'card_closed',
      'card_canceled',
    ];
    for (const code of codes) {
      const error = await failure(
        fake(409, JSON.stringify({ error: { code, message: 'm' } })).giftCards.pay('1', 1, o),
      );
      expect(error.code).toBe(code);
    }
  });
});

describe('a slow server in the page (training), slower than the terminal waits', () => {
  it('is a time-out to the terminal, not an early answer; the operation applies when its latency ends, as a real server’s', async () => {
    const sim = simulatedApi();
    sim.app.faults.replace({ latencyMs: 1_500 });
    const api = createLoyaltyApi({ ...sim.api.config, timeoutMs: 100, fetch: simulatorFetch(sim.app) });
    // Rejected, not answered: an answer at the moment the terminal gave up would have been a success.
    await expect(
      api.giftCards.pay('700100000001', 1000, { transactionId: crypto.randomUUID(), reason: 'Sale' }),
    ).rejects.toMatchObject({ code: 'timeout' });
    expect(sim.state().authorizations).toHaveLength(0); // not yet: the server is still at it
    await expect.poll(() => sim.state().authorizations.length, { timeout: 5_000 }).toBe(1);
  });
});

describe('a training reset while a request waits in the simulator’s latency', () => {
  it('the request does nothing on the fresh data: no hold the terminal, which cleared its records, knows nothing of', async () => {
    const sim = simulatedApi();
    sim.app.faults.replace({ latencyMs: 100 });
    const paying = sim.api.giftCards.pay('700100000001', 2000, { transactionId: crypto.randomUUID(), reason: 'Sale' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sim.app.fetch(new Request('http://simulator/_simulator/reset', { method: 'POST' }));
    await expect(paying).rejects.toMatchObject({ code: 'unavailable' });
    expect(sim.state().authorizations).toEqual([]);
    expect(sim.state().instruments.find((i) => i.number === '700100000001')?.amountAuthorized ?? 0).toBe(0);
  });
});
