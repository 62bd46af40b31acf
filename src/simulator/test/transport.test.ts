import { describe, expect, it } from 'vitest';
import { parseDataset } from '../engine/dataset';
import { demoDataset } from '../demo-dataset';
import { DROP_HEADER } from '../http/app';
import { API, harness, ws } from './harness';

const KEY = '3d1f0f4e-0a4b-4b7e-9d5e-2b0c1a9e8f70';
const pay = (amount: unknown) => ({ amount, workstationData: ws() });

describe('authentication, groups, routes', () => {
  it('answers 401 without a token or with an unknown one', async () => {
    const sim = harness();
    expect((await sim.get('/giftcards/700100000001', { token: null })).body.error.code).toBe('unauthorized');
    expect((await sim.get('/giftcards/700100000001', { token: 'nope' })).status).toBe(401);
  });

  it('knows loyalty groups and their merchants', async () => {
    const dataset = structuredClone(demoDataset) as unknown as { tokens: { token: string; merchantId: string }[] };
    dataset.tokens.push({ token: 'stranger', merchantId: 'M9' });
    const sim = harness({ dataset });
    const unknown = await sim.send('GET', '/loyalty/api/v1/pos/loyaltyGroups/other/giftcards/700100000001');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'loyalty_group_not_found']);
    const stranger = await sim.get('/giftcards/700100000001', { token: 'stranger' });
    expect([stranger.status, stranger.body.error.code]).toEqual([403, 'merchant_not_allowed']);
  });

  it('refuses merchants outside a series selling or accepting list', async () => {
    const dataset = JSON.parse(JSON.stringify(demoDataset));
    dataset.tokens.push({ token: 't2', merchantId: 'M2' });
    dataset.loyaltyGroups[0].merchants.push('M2');
    dataset.loyaltyGroups[0].giftCardSeries[0].sellingMerchants = ['M1'];
    dataset.loyaltyGroups[0].giftCardSeries[0].acceptingMerchants = ['M1'];
    const sim = harness({ dataset });
    expect((await sim.post('/giftcards/700100000003/_issue', pay(5), { token: 't2' })).body.error.code).toBe(
      'merchant_not_allowed',
    );
    expect((await sim.post('/giftcards/700100000001/_pay', pay(5), { token: 't2' })).status).toBe(403);
    expect((await sim.get('/giftcards/700100000001', { token: 't2' })).status).toBe(200);
    expect((await sim.post('/giftcards/700100000001/_pay', pay(5))).status).toBe(201);
  });

  it('answers 404 not_found with the error body for unknown paths and methods, with CORS headers', async () => {
    const sim = harness();
    const unknown = await sim.get('/giftcard/700100000001');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
    expect((await sim.send('GET', `${API}/giftcards/700100000001/_pay`)).status).toBe(404);
    expect((await sim.send('POST', `${API}/giftcards/700100000001`, { body: { workstationData: ws() } })).status).toBe(
      404,
    );
    // HEAD is not listed either, though a GET route is there.
    expect((await sim.send('HEAD', `${API}/giftcards/700100000001`)).status).toBe(404);
  });

  it('decodes percent-encoded path parameters', async () => {
    const sim = harness();
    expect((await sim.get('/giftcards/%3700100000001')).body.giftCardId).toBe('700100000001');
  });

  it('answers preflights allowing the headers the terminal sends and exposing replay and retry headers', async () => {
    const sim = harness();
    const res = await sim.app.fetch(
      new Request(`http://sim${API}/giftcards/1/_pay`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      }),
    );
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    const get = await sim.get('/giftcards/700100000001');
    expect(get.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('idempotency-replayed');
  });
});

describe('request validation', () => {
  it('refuses malformed bodies and workstationData with invalid_request', async () => {
    const sim = harness();
    const path = '/giftcards/700100000001/_pay';
    const code = async (init: Parameters<typeof sim.send>[2]) =>
      (await sim.send('POST', API + path, init)).body.error.code;
    expect(await code({ raw: '{nope' })).toBe('invalid_request');
    expect(await code({})).toBe('invalid_request');
    expect(await code({ body: [1] })).toBe('invalid_request');
    expect(await code({ body: { amount: 1 } })).toBe('invalid_request');
    expect(await code({ body: { amount: 1, workstationData: { ...ws(), transactionId: 'tx-1' } } })).toBe(
      'invalid_request',
    );
    expect(await code({ body: { amount: 1, workstationData: { ...ws(), reason: '' } } })).toBe('invalid_request');
    expect(await code({ body: { amount: 1, workstationData: { ...ws(), storeId: 'one' } } })).toBe('invalid_request');
    expect(
      (await sim.send('POST', API + path, { body: { amount: 1, workstationData: ws(), extra: true } })).status,
    ).toBe(201);
  });

  it('refuses amounts that are missing, not numbers, not positive, or too precise for the currency', async () => {
    const sim = harness();
    for (const amount of [undefined, '5', 0, -1, 1.234, null, true]) {
      const res = await sim.post('/giftcards/700100000001/_pay', pay(amount));
      expect([amount, res.status, res.body.error.code]).toEqual([amount, 400, 'invalid_amount']);
    }
    expect(sim.engine.view().authorizations).toHaveLength(0);
  });

  it('uses the currency digits: ISK has none, KWD three', async () => {
    for (const [currency, good, bad] of [
      ['ISK', 5, 5.5],
      ['KWD', 1.234, 1.2345],
    ] as const) {
      const dataset = JSON.parse(JSON.stringify(demoDataset));
      dataset.currency = currency;
      const sim = harness({ dataset });
      expect((await sim.post('/giftcards/700100000001/_pay', pay(bad))).body.error.code).toBe('invalid_amount');
      const ok = await sim.post('/giftcards/700100000001/_pay', pay(good));
      expect([currency, ok.status, ok.body.amount]).toEqual([currency, 201, good]);
    }
  });
});

describe('idempotency', () => {
  it('replays the stored answer for the same key and body, without doing it twice', async () => {
    const sim = harness();
    const first = await sim.post('/giftCardSeries/GC3/giftcards/_issue', pay(10), { key: KEY });
    const second = await sim.post('/giftCardSeries/GC3/giftcards/_issue', pay(10), { key: KEY });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    expect(sim.engine.view().instruments.filter((i) => i.seriesNumber === 'GC3')).toHaveLength(1);
  });

  it('refuses a blank or over-long key before anything happens: 400 invalid_request naming the header', async () => {
    const sim = harness();
    for (const key of ['', '   ', 'k'.repeat(256)]) {
      const refused = await sim.post('/giftcards/700100000001/_pay', pay(10), { key });
      expect([key.length, refused.status, refused.body.error]).toEqual([
        key.length,
        400,
        { code: 'invalid_request', message: expect.any(String), field: 'Idempotency-Key' },
      ]);
    }
    expect((await sim.post('/giftcards/700100000001/_pay', pay(10), { key: '', token: 'nope' })).status).toBe(401);
    expect(sim.engine.view().authorizations).toHaveLength(0);
    // 1 and 255 characters are keys like any other: stored, and replayed.
    for (const key of ['k', 'k'.repeat(255)]) {
      expect((await sim.post('/giftcards/700100000001/_pay', pay(10), { key })).status).toBe(201);
      const again = await sim.post('/giftcards/700100000001/_pay', pay(10), { key });
      expect([again.status, again.headers.get('idempotency-replayed')]).toEqual([201, 'true']);
    }
    expect(sim.engine.view().authorizations).toHaveLength(2);
  });

  it('answers 422 when a key is reused with another body or path', async () => {
    const sim = harness();
    await sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY });
    expect((await sim.post('/giftcards/700100000001/_pay', pay(11), { key: KEY })).body.error.code).toBe(
      'idempotency_key_reused',
    );
    const other = await sim.post('/giftcards/700100000007/_pay', pay(10), { key: KEY });
    expect([other.status, other.body.error.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('stores only 2xx answers: a refused request leaves the key unused', async () => {
    const sim = harness();
    expect((await sim.post('/giftcards/700100000001/_pay', pay(99), { key: KEY })).status).toBe(409);
    expect((await sim.post('/giftcards/700100000001/_pay', pay(9), { key: KEY })).status).toBe(201);
  });

  it('scopes keys to the access token', async () => {
    const dataset = JSON.parse(JSON.stringify(demoDataset));
    dataset.tokens.push({ token: 'second', merchantId: 'M1' });
    const sim = harness({ dataset });
    await sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY });
    const other = await sim.post('/giftcards/700100000007/_pay', pay(10), { key: KEY, token: 'second' });
    expect(other.status).toBe(201);
  });

  it('answers 409 request_in_progress to a repeat that arrives while the first is processed', async () => {
    const sim = harness();
    sim.app.faults.replace({ latencyMs: 50 });
    const [a, b] = await Promise.all([
      sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY }),
      sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.error.code).toBe('request_in_progress');
    expect(sim.engine.view().authorizations).toHaveLength(1);
  });
});

describe('faults', () => {
  const setFaults = (sim: ReturnType<typeof harness>, body: unknown) =>
    sim.send('POST', '/_simulator/faults', { body, token: null });

  it('error500 and unavailable answer without effect; rateLimited adds Retry-After', async () => {
    const sim = harness();
    await setFaults(sim, { next: { count: 3, kind: 'error500' } });
    const failed = await sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY });
    expect([failed.status, failed.body.error.code]).toEqual([500, 'internal']);
    expect(sim.engine.view().authorizations).toHaveLength(0);
    await setFaults(sim, { next: { count: 1, kind: 'unavailable' } });
    expect((await sim.get('/giftcards/700100000001')).body.error.code).toBe('unavailable');
    await setFaults(sim, { next: { count: 1, kind: 'rateLimited' } });
    const limited = await sim.get('/giftcards/700100000001');
    expect([limited.status, limited.headers.get('retry-after'), limited.body.error.code]).toEqual([
      429,
      '1',
      'rate_limited',
    ]);
    expect((await sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY })).status).toBe(201);
  });

  it('counts down, matches path, and replaces the whole setting on each POST', async () => {
    const sim = harness();
    await setFaults(sim, { next: { count: 2, kind: 'unavailable', path: '/loyaltycards/' } });
    expect((await sim.get('/giftcards/700100000001')).status).toBe(200);
    expect((await sim.get('/loyaltycards/710100000001')).status).toBe(503);
    expect((await sim.send('GET', '/_simulator/state', { token: null })).status).toBe(200);
    expect((await sim.get('/loyaltycards/710100000001')).status).toBe(503);
    expect((await sim.get('/loyaltycards/710100000001')).status).toBe(200);
    await setFaults(sim, { next: { count: 5, kind: 'unavailable' } });
    await setFaults(sim, {});
    expect((await sim.get('/giftcards/700100000001')).status).toBe(200);
    expect((await setFaults(sim, { next: { count: 1, kind: 'explode' } })).status).toBe(400);
    expect((await setFaults(sim, { next: { count: 0, kind: 'drop' } })).status).toBe(400);
    expect((await setFaults(sim, { latencyMs: null, next: null, note: 'ignored' })).body).toEqual({});
  });

  it('a method narrows the fault to lookups (GET) or to operations (POST)', async () => {
    const sim = harness();
    await setFaults(sim, { next: { count: 1, kind: 'unavailable', method: 'POST', path: '/giftcards/' } });
    expect((await sim.get('/giftcards/700100000001')).status).toBe(200);
    expect((await sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY })).status).toBe(503);
    await setFaults(sim, { next: { count: 1, kind: 'unavailable', method: 'GET' } });
    expect((await sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY })).status).toBe(201);
    expect((await sim.get('/giftcards/700100000001')).status).toBe(503);
    expect((await setFaults(sim, { next: { count: 1, kind: 'drop', method: 'DELETE' } })).status).toBe(400);
  });

  it('drop applies the operation, then loses the answer; the replay returns it', async () => {
    const sim = harness();
    await setFaults(sim, { next: { count: 1, kind: 'drop' } });
    const dropped = await sim.post('/giftCardSeries/GC3/giftcards/_issue', pay(10), { key: KEY });
    expect(dropped.headers.get('x-simulator-drop')).toBe('1');
    expect(sim.engine.view().instruments.filter((i) => i.seriesNumber === 'GC3')).toHaveLength(1);
    const replay = await sim.post('/giftCardSeries/GC3/giftcards/_issue', pay(10), { key: KEY });
    expect([replay.status, replay.body.giftCardId, replay.headers.get('idempotency-replayed')]).toEqual([
      201,
      '700300000001',
      'true',
    ]);
  });

  it('timeout holds the answer until the client gives up, without effect', async () => {
    const sim = harness();
    await setFaults(sim, { next: { count: 1, kind: 'timeout' } });
    const started = Date.now();
    const answer = await sim.post('/giftcards/700100000001/_pay', pay(10), {
      key: KEY,
      signal: AbortSignal.timeout(80),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(answer.headers.get('x-simulator-drop')).toBe('1'); // hosts give no answer at all
    expect(sim.engine.view().authorizations).toHaveLength(0);
    expect((await sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY })).status).toBe(201);
  });

  it('timeout holds a replay too: a lost answer, then a time-out on the retry', async () => {
    const sim = harness();
    await setFaults(sim, { next: { count: 1, kind: 'drop' } });
    await sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY }); // applied, its answer lost
    await setFaults(sim, { next: { count: 1, kind: 'timeout' } });
    const started = Date.now();
    const retry = await sim.post('/giftcards/700100000001/_pay', pay(10), {
      key: KEY,
      signal: AbortSignal.timeout(80),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(retry.headers.get('x-simulator-drop')).toBe('1');
    const again = await sim.post('/giftcards/700100000001/_pay', pay(10), { key: KEY });
    expect([again.status, again.headers.get('idempotency-replayed')]).toEqual([201, 'true']);
    expect(sim.engine.view().authorizations).toHaveLength(1);
  });

  it('reset restores the dataset, forgets keys and faults, restarts series counters', async () => {
    const sim = harness();
    await sim.post('/giftCardSeries/GC3/giftcards/_issue', pay(10), { key: KEY });
    await sim.post('/giftcards/700100000001/_pay', pay(10));
    await setFaults(sim, { latencyMs: 10, next: { count: 9, kind: 'unavailable' } });
    expect((await sim.send('POST', '/_simulator/reset', { token: null })).status).toBe(200);
    const state = (await sim.send('GET', '/_simulator/state', { token: null })).body;
    expect(state.authorizations).toEqual([]);
    expect(state.instruments.find((i: { number: string }) => i.number === '700300000001')).toBeUndefined();
    expect((await sim.send('GET', '/_simulator/faults', { token: null })).body).toEqual({});
    const again = await sim.post('/giftCardSeries/GC3/giftcards/_issue', pay(10), { key: KEY });
    expect([again.body.giftCardId, again.headers.get('idempotency-replayed')]).toEqual(['700300000001', null]);
  });
});

describe('dataset files', () => {
  it('accepts the built-in demo dataset', () => {
    expect(parseDataset(demoDataset).ok).toBe(true);
  });

  it('names the field that is wrong', () => {
    const bad = JSON.parse(JSON.stringify(demoDataset));
    bad.loyaltyGroups[0].giftCards[1].amountNet = 'ten';
    bad.loyaltyGroups[0].loyaltyCards[0].seriesNumber = 'ZZ';
    bad.currency = 'EURO';
    const result = parseDataset(bad);
    expect(result.ok).toBe(false);
    const text = result.ok ? '' : result.problems.join('\n');
    expect(text).toContain('loyaltyGroups[0].giftCards[1].amountNet');
    expect(text).toContain('currency');
    const cross = JSON.parse(JSON.stringify(demoDataset));
    cross.loyaltyGroups[0].loyaltyCards[0].seriesNumber = 'ZZ';
    cross.loyaltyGroups[0].storeCredits[0].amountNet = 1.234;
    const crossText = (parseDataset(cross) as { problems: string[] }).problems.join('\n');
    expect(crossText).toContain('loyaltyGroups[0].loyaltyCards[0].seriesNumber');
    expect(crossText).toContain('loyaltyGroups[0].storeCredits[0].amountNet: more decimals than EUR has');
  });

  it('refuses an account floor below 0 (the terminal refuses such an account as a contradiction)', () => {
    const owing = JSON.parse(JSON.stringify(demoDataset));
    owing.loyaltyGroups[0].loyaltyCards[0].amountFloor = -10;
    const result = parseDataset(owing);
    expect(result.ok ? '' : result.problems.join('\n')).toContain('loyaltyGroups[0].loyaltyCards[0].amountFloor');
  });
});

describe('what tests and trainers add: magic cards, their own cards, a clock', () => {
  const pay = (sim: ReturnType<typeof harness>, number: string, key: string, amount = 10) =>
    sim.post(`/giftcards/${number}/_pay`, { amount, workstationData: ws() }, { key });

  it('a card whose answers are lost: the first attempt is applied and dropped, the same key then answered', async () => {
    const sim = harness();
    const key = crypto.randomUUID();
    const first = await pay(sim, '700100000901', key);
    expect(first.headers.get(DROP_HEADER)).toBe('1');
    const again = await pay(sim, '700100000901', key);
    expect([again.status, again.headers.get('idempotency-replayed')]).toEqual([201, 'true']);
    expect(sim.engine.view().authorizations.filter((a) => a.instrumentId === '700100000901')).toHaveLength(1);
    // Every new payment on it behaves the same, once.
    expect((await pay(sim, '700100000901', crypto.randomUUID())).headers.get(DROP_HEADER)).toBe('1');
  });

  it('a card answered 503 first, and one that gets no answer first: nothing applied, the same key then goes', async () => {
    const sim = harness();
    const key = crypto.randomUUID();
    expect((await pay(sim, '700100000903', key)).status).toBe(503);
    expect(sim.engine.view().authorizations).toEqual([]);
    expect((await pay(sim, '700100000903', key)).status).toBe(201);
    // No answer to the first attempt until the client gives up; nothing applied; the same key then goes.
    const other = crypto.randomUUID();
    const gaveUp = new AbortController();
    const first = sim.send('POST', `${API}/giftcards/700100000902/_pay`, {
      body: { amount: 5, workstationData: ws() },
      key: other,
      signal: gaveUp.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    gaveUp.abort();
    expect((await first).headers.get(DROP_HEADER)).toBe('1');
    expect(sim.engine.view().authorizations.filter((a) => a.instrumentId === '700100000902')).toEqual([]);
    expect((await pay(sim, '700100000902', other, 5)).status).toBe(201);
  });

  it('cards added to the running simulator work at once, are checked like a dataset, and go at the reset', async () => {
    const sim = harness();
    const card = {
      number: '700155550001',
      seriesNumber: 'GC1',
      status: 'issued',
      amountOriginal: 12.5,
      amountNet: 12.5,
    };
    const added = await sim.send('POST', '/_simulator/cards', { body: { giftCards: [card] }, token: null });
    expect([added.status, added.body.giftCards]).toEqual([201, ['700155550001']]);
    expect((await sim.get('/giftcards/700155550001')).body.account.amountNet).toBe(12.5);
    const twice = await sim.send('POST', '/_simulator/cards', { body: { giftCards: [card] }, token: null });
    expect([twice.status, twice.body.error.message]).toEqual([400, expect.stringContaining('appears twice')]);
    const badSeries = await sim.send('POST', '/_simulator/cards', {
      body: { giftCards: [{ ...card, number: '700155550002', seriesNumber: 'NOPE' }] },
      token: null,
    });
    expect(badSeries.body.error.message).toContain('no giftCards series "NOPE"');
    await sim.send('POST', '/_simulator/reset', { token: null });
    expect((await sim.get('/giftcards/700155550001')).status).toBe(404);
  });

  it('the clock moved on lets a hold lapse; the reset moves it back', async () => {
    const sim = harness();
    const hold = await pay(sim, '700100000001', crypto.randomUUID());
    const moved = await sim.send('POST', '/_simulator/clock', { body: { advanceMs: 16 * 60_000 }, token: null });
    expect(moved.status).toBe(200);
    const commit = await sim.post(`/giftcards/700100000001/authorizations/${hold.body.authCode}/_commit`);
    expect(commit.body.error.code).toBe('authorization_expired');
    expect(sim.engine.now()).toBe(sim.now() + 16 * 60_000);
    await sim.send('POST', '/_simulator/reset', { token: null });
    expect(sim.engine.now()).toBe(sim.now());
  });
});
