import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiCheck } from '@/test-support/openapi-check';
import { errorCodesByStatus } from '../../wire/error-codes';
import { buildOpenApiDocument } from '../openapi/document';
import { API, harness, ws, type Answer } from './harness';

const doc = buildOpenApiDocument();
const check = openApiCheck(doc);
const PREFIX = '/loyalty/api/v1/pos/loyaltyGroups/{loyaltyGroup}';

/** Sections 3-5 of loyalty-api.md, as written there. */
const contractOperations = [
  'GET /giftcards/{giftCardNumber}',
  'POST /giftcards/{giftCardNumber}/_issue',
  'POST /giftCardSeries/{giftCardSeriesNumber}/giftcards/_issue',
  'POST /giftcards/{instrumentNumber}/_unissue',
  'POST /giftcards/{giftCardNumber}/_pay',
  'POST /giftcards/{giftCardNumber}/authorizations/{authCode}/_commit',
  'POST /instruments/{instrumentId}/authorizations/{authCode}/_cancel',
  'GET /loyaltycards/{loyaltyCardNumber}',
  'POST /loyaltycards/{loyaltyCardNumber}/_issue',
  'POST /loyaltycards/{loyaltyCardNumber}/_unissue',
  'POST /loyaltycards/{loyaltyCardNumber}/_pay',
  'POST /merchant/{merchantId}/loyaltycards/{loyaltyCardNumber}/_voidPayment',
  'GET /storecredits/{storeCreditNumber}',
  'POST /storeCreditSeries/{storeCreditSeriesNumber}/storecredits/_issue',
  'POST /storecredits/{storeCreditNumber}/_unissue',
  'POST /storecredits/{storeCreditNumber}/_pay',
  'POST /storecredits/{storeCreditNumber}/authorizations/{authCode}/_commit',
  'POST /storecredit/{instrumentId}/authorizations/{authCode}/_cancel',
];

const documented = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect([result.valid, validator.version]).toEqual([true, '3.1']);
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('has every operation of the contract, and the simulator own interface tagged apart', () => {
    const api = documented()
      .filter((op) => op.includes(PREFIX))
      .map((op) => op.replace(PREFIX, ''));
    expect(api.sort()).toEqual([...contractOperations].sort());
    expect(documented().filter((op) => !op.includes(PREFIX))).toEqual([
      'GET /_simulator/state',
      'POST /_simulator/reset',
      'GET /_simulator/faults',
      'POST /_simulator/faults',
      'POST /_simulator/cards',
      'POST /_simulator/clock',
      'GET /_simulator/openapi.json',
    ]);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item))
        expect([path, op.tags]).toEqual([path, path.startsWith('/_simulator/') ? ['Simulator'] : [expect.any(String)]]);
    }
  });

  it('has exactly the routes the simulator serves', () => {
    const same = (route: string) => route.replace(/:\w+|\{\w+\}/g, '{}');
    expect(documented().map(same).sort()).toEqual(harness().app.routes().map(same).sort());
  });

  it('says the Idempotency-Key rule, bearer auth and the replay and retry headers', () => {
    const key = doc.components.parameters?.IdempotencyKey as { in: string; schema: { $ref: string } };
    expect(key.in).toBe('header');
    expect(doc.components.schemas?.IdempotencyKey).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '\\S',
    });
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!item.post || path.startsWith('/_simulator/')) continue;
      expect(item.post.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    }
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/_simulator/state']?.get?.security).toEqual([]);
    expect(JSON.stringify(doc.components.responses?.Error429)).toContain('#/components/headers/RetryAfter');
  });
});

interface Sample extends Answer {
  method: string;
  pathname: string;
  sentBody?: unknown;
  sentHeaders: Headers;
}

/** Drives every operation and every error status of the simulator, keeping each answer. */
async function sampleAnswers(): Promise<Sample[]> {
  const dataset = structuredClone((await import('../demo-dataset')).demoDataset) as unknown as {
    tokens: { token: string; merchantId: string }[];
  };
  dataset.tokens.push({ token: 'stranger', merchantId: 'M9' });
  const sim = harness({ dataset });
  const samples: Sample[] = [];
  const send = async (method: string, path: string, init: Parameters<typeof sim.send>[2] = {}) => {
    const answer = await sim.send(method, path, init);
    const sentHeaders = new Headers(init.key === undefined ? {} : { 'idempotency-key': init.key });
    samples.push({
      ...answer,
      method,
      pathname: new URL(`http://sim${path}`).pathname,
      sentBody: init.body,
      sentHeaders,
    });
    return answer;
  };
  const get = (path: string, init?: Parameters<typeof sim.send>[2]) => send('GET', API + path, init);
  const post = (path: string, body: unknown, init?: Parameters<typeof sim.send>[2]) =>
    send('POST', API + path, { body, ...init });
  const only = { workstationData: ws() };

  // Every instrument of the demo dataset, in every state it has (issued, not issued, expired, closed...).
  for (const i of sim.engine.view().instruments) {
    const segment = { giftCard: 'giftcards', storeCredit: 'storecredits', loyaltyCard: 'loyaltycards' }[i.kind];
    expect((await get(`/${segment}/${i.number}`)).status).toBe(200);
  }

  await post('/giftcards/700100000003/_issue', { amount: 20.5, customer: { customerId: 'C5', name: 'Noor' }, ...only });
  const key = crypto.randomUUID();
  const printed = await post('/giftCardSeries/GC3/giftcards/_issue', { amount: 10, ...only }, { key });
  expect(
    (await post('/giftCardSeries/GC3/giftcards/_issue', { amount: 10, ...only }, { key })).headers.get(
      'idempotency-replayed',
    ),
  ).toBe('true');
  await post(`/giftcards/${printed.body.giftCardId}/_unissue`, only);
  const hold = await post('/giftcards/700100000001/_pay', { amount: 12.5, ...only });
  await post(`/giftcards/700100000001/authorizations/${hold.body.authCode}/_commit`, only);
  const second = await post('/giftcards/700100000001/_pay', { amount: 1, ...only });
  await post(`/instruments/700100000001/authorizations/${second.body.authCode}/_cancel`, only);

  await post('/loyaltycards/710100000003/_issue', { customer: null, ...only });
  await post('/loyaltycards/710100000003/_unissue', only);
  expect((await post('/loyaltycards/710100000002/_pay', { amount: 20, ...only })).body.result).toBe(
    'partiallyApproved',
  );
  expect((await post('/loyaltycards/710100000002/_pay', { amount: 1, ...only })).body.denialReason).toBe(
    'insufficient_funds',
  );
  await post('/merchant/M1/loyaltycards/710100000002/_voidPayment', only);

  const credit = await post('/storeCreditSeries/SC1/storecredits/_issue', { amount: 9.99, ...only });
  await post(`/storecredits/${credit.body.storeCreditId}/_unissue`, only);
  const creditHold = await post('/storecredits/720100000001/_pay', { amount: 5, ...only });
  await post(`/storecredits/720100000001/authorizations/${creditHold.body.authCode}/_commit`, only);
  const creditSecond = await post('/storecredits/720100000001/_pay', { amount: 1, ...only });
  await post(`/storecredit/720100000001/authorizations/${creditSecond.body.authCode}/_cancel`, only);

  // The error statuses, each with the contract's error body.
  await post('/giftcards/700100000001/_pay', { amount: 1 });
  await post('/giftcards/700100000001/_pay', { amount: 1, ...only }, { key: '' });
  await post('/giftcards/700100000001/_pay', { amount: 0, ...only });
  await get('/giftcards/700100000001', { token: null });
  await get('/giftcards/700100000001', { token: 'stranger' });
  await post('/merchant/M9/loyaltycards/710100000002/_voidPayment', only);
  await get('/giftcards/1234');
  await send('GET', '/loyalty/api/v1/pos/loyaltyGroups/other/giftcards/700100000001');
  await post('/giftcards/700100000001/authorizations/nope/_commit', only);
  expect((await post('/giftcards/700100000001/_pay', { amount: 999, ...only })).body.error.available).toBe(37.5);
  await post('/giftcards/700100000001/_issue', only);
  const reused = crypto.randomUUID();
  await post('/giftcards/700100000001/_pay', { amount: 1, ...only }, { key: reused });
  await post('/giftcards/700100000001/_pay', { amount: 2, ...only }, { key: reused });
  for (const kind of ['rateLimited', 'error500', 'unavailable']) {
    await send('POST', '/_simulator/faults', { body: { next: { count: 1, kind } }, token: null });
    await get('/giftcards/700100000001');
  }

  // The simulator's own interface.
  await send('POST', '/_simulator/faults', {
    body: { latencyMs: 0, next: { count: 1, kind: 'drop', path: '/x' } },
    token: null,
  });
  await send('GET', '/_simulator/faults', { token: null });
  await send('POST', '/_simulator/faults', { body: { next: { count: 0, kind: 'drop' } }, token: null });
  await send('GET', '/_simulator/state', { token: null });
  await send('POST', '/_simulator/cards', {
    body: {
      giftCards: [{ number: '700199990001', seriesNumber: 'GC1', status: 'issued', amountOriginal: 5, amountNet: 5 }],
    },
    token: null,
  });
  await send('POST', '/_simulator/cards', { body: { giftCards: [{ number: '7001' }] }, token: null });
  await send('POST', '/_simulator/clock', { body: { advanceMs: 60_000 }, token: null });
  await send('GET', '/_simulator/openapi.json', { token: null });
  await send('POST', '/_simulator/reset', { token: null });
  return samples;
}

describe("the simulator's answers fit the document", () => {
  let samples: Promise<Sample[]> | undefined;
  const sampled = () => (samples ??= sampleAnswers());

  it('every answer, of every operation and every error status, fits its documented response', async () => {
    const samples = await sampled();
    const problems = samples
      .map((s) => check.answerProblem(s.method, s.pathname, s.status, s.body, s.headers))
      .filter(Boolean);
    expect(problems).toEqual([]);

    const answered = new Set(
      samples
        .filter((s) => s.status < 300)
        .map((s) => `${s.method} ${check.operation(s.method, s.pathname)?.template}`),
    );
    expect([...answered].sort()).toEqual(documented().sort());
    const statuses = new Set(samples.map((s) => s.status));
    for (const status of Object.keys(errorCodesByStatus)) expect(statuses).toContain(Number(status));
    expect(samples.find((s) => s.status === 429)?.headers.get('retry-after')).toBe('1');
  });

  it('every request the simulator took fits the documented request', async () => {
    const taken = (await sampled()).filter((s) => s.status < 300);
    const problems = taken
      .map((s) => check.requestProblem(s.method, s.pathname, s.sentBody, s.sentHeaders))
      .filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('bodies and keys the simulator refuses with 400, the document refuses too', async () => {
    const sim = harness();
    const path = `${API}/giftcards/700100000001/_pay`;
    const bad: [unknown, string?][] = [
      [{}],
      [{ amount: 1 }],
      [{ amount: 1, workstationData: { ...ws(), transactionId: 'tx-1' } }],
      [{ amount: 1, workstationData: { ...ws(), reason: '' } }],
      [{ amount: 1, workstationData: { ...ws(), reason: ' \t' } }],
      [{ amount: 1, workstationData: { ...ws(), storeId: 'one' } }],
      [{ amount: '5', workstationData: ws() }],
      [{ amount: 0, workstationData: ws() }],
      [{ amount: -1, workstationData: ws() }],
      [{ amount: 1, workstationData: ws() }, ''],
      [{ amount: 1, workstationData: ws() }, 'k'.repeat(256)],
    ];
    for (const [body, key] of bad) {
      const answer = await sim.send('POST', path, { body, ...(key !== undefined && { key }) });
      const headers = new Headers(key === undefined ? {} : { 'idempotency-key': key });
      expect([body, key, answer.status]).toEqual([body, key, 400]);
      expect([body, key, check.requestProblem('POST', path, body, headers)]).toEqual([body, key, expect.any(String)]);
    }
    const issue = `${API}/giftcards/700100000003/_issue`;
    const noCustomerId = { amount: 5, customer: { name: 'Ada' }, workstationData: ws() };
    expect((await sim.send('POST', issue, { body: noCustomerId })).status).toBe(400);
    expect(check.requestProblem('POST', issue, noCustomerId, new Headers())).not.toBeNull();
    // Said in words only: how many decimals an amount may have depends on the dataset's currency.
    const tooPrecise = { amount: 1.234, workstationData: ws() };
    expect((await sim.send('POST', path, { body: tooPrecise })).status).toBe(400);
    expect(check.requestProblem('POST', path, tooPrecise, new Headers())).toBeNull();
  });
});

describe('GET /_simulator/openapi.json', () => {
  it('serves the document, never delayed or faulted', async () => {
    const sim = harness();
    await sim.send('POST', '/_simulator/faults', {
      body: { latencyMs: 5_000, next: { count: 1, kind: 'unavailable' } },
      token: null,
    });
    const started = Date.now();
    const served = await sim.send('GET', '/_simulator/openapi.json', { token: null });
    expect([served.status, served.headers.get('content-type'), Date.now() - started < 2_000]).toEqual([
      200,
      expect.stringContaining('application/json'),
      true,
    ]);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(served.headers.get('access-control-allow-origin')).toBe('*');
    expect(sim.app.faults.setting.next?.count).toBe(1); // the fault is still waiting for an API request
  });
});
