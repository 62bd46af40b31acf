import * as v from 'valibot';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '../../wire/idempotency-key';
import type { Engine } from '../engine/engine';
import { SimError } from '../engine/errors';
import { additionsSchema, type CardBehaviour } from '../engine/dataset';
import { instrumentKey } from '../engine/state';
import {
  clockBodySchema,
  type cardsAnswerSchema,
  type clockAnswerSchema,
  type resetAnswerSchema,
  type SimulatorState,
} from './control-answers';
import { createFaults, faultSettingSchema, type FaultKind } from './faults';

/** Header by which the handler tells its host to destroy the connection instead of answering ("drop"). */
export const DROP_HEADER = 'x-simulator-drop';

/**
 * The method a host passes for one fetch's Request cannot carry (CONNECT, TRACE, TRACK) or its own
 * parser refused: nothing is routed under it, so it is answered as any unlisted method (404 not_found).
 */
export const UNLISTED_METHOD = 'UNLISTED';

const API_PREFIX = '/loyalty/api/v1/pos/loyaltyGroups/:loyaltyGroup';

export interface SimulatorAppOptions {
  /** Called after anything changed the engine's state, before the answer leaves (training mode persists here). */
  onChange?: () => Promise<void> | void;
}

type Env = {
  Variables: {
    bodyText: string;
    merchantId: string | null;
  };
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

const errorResponse = (
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => json(status, { error: { code, message, ...details } }, headers);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function canonical(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : value,
    );
  } catch {
    return text;
  }
}

const faultAnswers: Record<Exclude<FaultKind, 'drop' | 'timeout'>, () => Response> = {
  error500: () => errorResponse(500, 'internal', 'Simulated internal error.'),
  unavailable: () => errorResponse(503, 'unavailable', 'Simulated service unavailable.'),
  rateLimited: () => errorResponse(429, 'rate_limited', 'Simulated rate limit.', {}, { 'retry-after': '1' }),
};

let openApi: Promise<unknown> | undefined;
const openApiDocument = () => (openApi ??= import('../openapi/document').then((m) => m.buildOpenApiDocument()));

/**
 * The simulator's HTTP face: one fetch(Request) => Response handler (hono) that runs in Node and in
 * the browser. It owns transport concerns only: CORS, tokens, idempotency keys, faults, status
 * codes. Every rule of the contract lives in the engine.
 */
/** What a card's behaviour does to the first attempt of a payment on it (dataset.ts, cardBehaviours). */
const behaviourFaults: Record<CardBehaviour, FaultKind> = {
  answerLost: 'drop',
  timeout: 'timeout',
  unavailable: 'unavailable',
};
const PAYMENT = /\/loyaltyGroups\/([^/]+)\/(giftcards|storecredits|loyaltycards)\/([^/]+)\/_pay$/;
const kindOfPath = { giftcards: 'giftCard', storecredits: 'storeCredit', loyaltycards: 'loyaltyCard' } as const;

/** Reads a control endpoint's JSON body with its schema: the value, or the words for what is wrong. */
async function controlBody<S extends v.GenericSchema>(
  c: Context<Env>,
  schema: S,
): Promise<{ ok: true; value: v.InferOutput<S> } | { ok: false; response: Response }> {
  let raw: unknown;
  try {
    raw = JSON.parse((await c.req.text()) || '{}');
  } catch {
    return { ok: false, response: errorResponse(400, 'invalid_request', 'The body must be JSON.') };
  }
  const parsed = v.safeParse(schema, raw);
  if (parsed.success) return { ok: true, value: parsed.output };
  const words = parsed.issues.map((i) => `${v.getDotPath(i) ?? 'body'}: ${i.message}`).join('; ');
  return { ok: false, response: errorResponse(400, 'invalid_request', words) };
}

export function createSimulatorApp(engine: Engine, options: SimulatorAppOptions = {}) {
  const faults = createFaults();
  /** The payments on behaving cards whose first attempt has had its fault (by Idempotency-Key). */
  const behaved = new Set<string>();
  const behaviourFault = (path: string, method: string, key: string | undefined): FaultKind | undefined => {
    const match = method === 'POST' ? PAYMENT.exec(path) : null;
    if (!match || !key) return undefined;
    const [, group = '', kind = 'giftcards', number = ''] = match;
    const record = engine.state.instruments[instrumentKey(group, kindOfPath[kind as keyof typeof kindOfPath], number)];
    if (!record?.behaviour || behaved.has(key)) return undefined;
    behaved.add(key);
    return behaviourFaults[record.behaviour];
  };
  const app = new Hono<Env>();
  const changed = async () => options.onChange?.();

  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      exposeHeaders: ['Idempotency-Replayed', 'Retry-After'],
      maxAge: 600,
    }),
  );

  app.onError((err, c) => {
    if (err instanceof SimError) return errorResponse(err.status, err.code, err.message, err.details);
    console.error('simulator: unexpected error', err);
    return c.json({ error: { code: 'internal', message: 'Unexpected simulator error.' } }, 500);
  });

  app.notFound(() => errorResponse(404, 'not_found', 'No such path or method.'));

  // ---- the simulator's own interface ---------------------------------------------------------

  app.get('/_simulator/state', (c) => c.json(engine.view() satisfies SimulatorState));
  /** Resets so far: a request that began before one does nothing after it (its latency spent meanwhile). */
  let resets = 0;
  app.post('/_simulator/reset', async (c) => {
    resets += 1;
    engine.reset();
    faults.clear();
    behaved.clear();
    await changed();
    return c.json({ reset: true } satisfies v.InferInput<typeof resetAnswerSchema>);
  });
  app.get('/_simulator/faults', (c) => c.json(faults.setting));
  // A test's own cards and series, added to the running state (gone at the next reset).
  app.post('/_simulator/cards', async (c) => {
    const body = await controlBody(c, additionsSchema);
    if (!body.ok) return body.response;
    const added = engine.add(body.value);
    if (!added.ok) return errorResponse(400, 'invalid_request', added.problems.join('; '));
    await changed();
    const { giftCards = [], loyaltyCards = [], storeCredits = [] } = body.value;
    const series = [
      ...(body.value.giftCardSeries ?? []),
      ...(body.value.storeCreditSeries ?? []),
      ...(body.value.loyaltyCardSeries ?? []),
    ];
    return c.json(
      {
        giftCards: giftCards.map((r) => r.number),
        loyaltyCards: loyaltyCards.map((r) => r.number),
        storeCredits: storeCredits.map((r) => r.number),
        series: series.map((s) => s.seriesNumber),
      } satisfies v.InferInput<typeof cardsAnswerSchema>,
      201,
    );
  });
  // The clock moved on: holds lapse, expiry dates pass (back at the next reset).
  app.post('/_simulator/clock', async (c) => {
    const body = await controlBody(c, clockBodySchema);
    if (!body.ok) return body.response;
    engine.advanceClock(body.value.advanceMs);
    await changed();
    return c.json({ now: new Date(engine.now()).toISOString() } satisfies v.InferInput<typeof clockAnswerSchema>);
  });
  // Built when first asked, from a chunk of its own: the training page does not download the converter otherwise.
  app.get('/_simulator/openapi.json', async (c) => c.json(await openApiDocument()));
  app.post('/_simulator/faults', async (c) => {
    let body: unknown;
    try {
      body = JSON.parse((await c.req.text()) || '{}');
    } catch {
      return errorResponse(400, 'invalid_request', 'The body must be JSON.');
    }
    const parsed = v.safeParse(faultSettingSchema, body);
    if (!parsed.success) {
      return errorResponse(
        400,
        'invalid_request',
        parsed.issues.map((i) => `${v.getDotPath(i) ?? 'body'}: ${i.message}`).join('; '),
      );
    }
    faults.replace(parsed.output);
    return c.json(faults.setting);
  });

  // ---- the API pipeline: faults, latency, token, idempotency ---------------------------------

  app.use('/loyalty/api/*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const resetsBefore = resets;
    const path = new URL(c.req.url).pathname;
    const faultFromSetting = faults.take(path, c.req.method);
    const signal = c.req.raw.signal;
    const auth = c.req.header('authorization') ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim() ?? null;
    const merchantId = engine.authenticate(token);
    const bodyText = c.req.method === 'POST' ? await c.req.text() : '';
    c.set('bodyText', bodyText);
    c.set('merchantId', merchantId);

    // A blank or over-long key is refused once the token is known, before it is looked up or stored.
    const sentKey = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
    const keyCheck = sentKey === undefined ? undefined : v.safeParse(idempotencyKeySchema, sentKey);
    const key = keyCheck?.success && merchantId && token ? keyCheck.output : undefined;
    // A card that fails its payments' first attempts (a test's or trainer's magic card).
    const fault = faultFromSetting ?? behaviourFault(path, c.req.method, key);
    if (key && token) {
      const begun = engine.idempotency.begin(token, key, `${c.req.method} ${path} ${canonical(bodyText)}`);
      if (begun.kind === 'reused')
        return errorResponse(422, 'idempotency_key_reused', 'This Idempotency-Key was used with another path or body.');
      if (begun.kind === 'inProgress')
        return errorResponse(409, 'request_in_progress', 'A request with this Idempotency-Key is being processed.');
      if (begun.kind === 'replay') {
        await sleep(faults.setting.latencyMs ?? 0, signal);
        // A time-out is no answer at all, a replay's included: "lost answer, then a time-out on the retry".
        if (fault === 'timeout') {
          await sleep(10 * 60_000, signal); // until the client gives up
          return new Response(null, { status: 504, headers: { [DROP_HEADER]: '1' } });
        }
        if (fault && fault !== 'drop') return faultAnswers[fault]();
        const replayed = new Response(begun.body, {
          status: begun.status,
          headers: { 'content-type': 'application/json; charset=utf-8', 'idempotency-replayed': 'true' },
        });
        if (fault === 'drop') replayed.headers.set(DROP_HEADER, '1');
        return replayed;
      }
    }

    // A slow server's latency runs to its end whether or not the client waits for it, as a real one's
    // does: a client that gave up has an unknown outcome, and the operation applies all the same.
    await sleep(faults.setting.latencyMs ?? 0, new AbortController().signal);
    // The data it was asked of is gone: a hold on the fresh data would be one the terminal (which
    // cleared its training records with the reset) knows nothing of.
    if (resets !== resetsBefore)
      return errorResponse(503, 'unavailable', 'The simulator was reset while this request waited.');
    if (fault === 'timeout') {
      if (key && token) engine.idempotency.abandon(token, key);
      await sleep(10 * 60_000, signal); // until the client gives up
      return new Response(null, { status: 504, headers: { [DROP_HEADER]: '1' } });
    }
    if (fault && fault !== 'drop') {
      if (key && token) engine.idempotency.abandon(token, key);
      return faultAnswers[fault]();
    }
    if (!merchantId) {
      if (key && token) engine.idempotency.abandon(token, key);
      return errorResponse(401, 'unauthorized', 'Missing or unknown access token.');
    }
    if (keyCheck && !keyCheck.success) {
      return errorResponse(400, 'invalid_request', keyCheck.issues[0].message, { field: IDEMPOTENCY_KEY_HEADER });
    }

    // Hono answers HEAD from a GET route; the contract lists no HEAD: it is a method not listed.
    if (c.req.method === 'HEAD') return errorResponse(404, 'not_found', 'No such path or method.');
    await next();
    const response = c.res;
    if (key && token) engine.idempotency.finish(token, key, response.status, await response.clone().text());
    if (c.req.method === 'POST' && response.ok) await changed();
    else if (key) await changed();
    if (fault === 'drop') c.res.headers.set(DROP_HEADER, '1');
    return undefined;
  });

  const caller = (c: Context<Env>) => ({
    merchantId: c.get('merchantId') ?? '',
    loyaltyGroup: c.req.param('loyaltyGroup') ?? '',
  });
  const body = (c: Context<Env>): unknown => {
    const text = c.get('bodyText');
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new SimError(400, 'invalid_request', 'The body is not valid JSON.');
    }
  };
  const p = (c: Context<Env>, name: string) => c.req.param(name) ?? '';
  const api = app.basePath(API_PREFIX);

  // Gift cards
  api.get('/giftcards/:number', (c) => c.json(engine.giftCards.get(caller(c), p(c, 'number'))));
  api.post('/giftcards/:number/_issue', (c) => c.json(engine.giftCards.issue(caller(c), p(c, 'number'), body(c))));
  api.post('/giftCardSeries/:series/giftcards/_issue', (c) =>
    c.json(engine.giftCards.issueFromSeries(caller(c), p(c, 'series'), body(c)), 201),
  );
  api.post('/giftcards/:number/_unissue', (c) => c.json(engine.giftCards.unissue(caller(c), p(c, 'number'), body(c))));
  api.post('/giftcards/:number/_pay', (c) => c.json(engine.giftCards.pay(caller(c), p(c, 'number'), body(c)), 201));
  api.post('/giftcards/:number/authorizations/:authCode/_commit', (c) =>
    c.json(engine.giftCards.commit(caller(c), p(c, 'number'), p(c, 'authCode'), body(c))),
  );
  api.post('/instruments/:number/authorizations/:authCode/_cancel', (c) =>
    c.json(engine.giftCards.cancel(caller(c), p(c, 'number'), p(c, 'authCode'), body(c))),
  );

  // Loyalty cards
  api.get('/loyaltycards/:number', (c) => c.json(engine.loyaltyCards.get(caller(c), p(c, 'number'))));
  api.post('/loyaltycards/:number/_issue', (c) =>
    c.json(engine.loyaltyCards.issue(caller(c), p(c, 'number'), body(c))),
  );
  api.post('/loyaltycards/:number/_unissue', (c) =>
    c.json(engine.loyaltyCards.unissue(caller(c), p(c, 'number'), body(c))),
  );
  api.post('/loyaltycards/:number/_pay', (c) => c.json(engine.loyaltyCards.pay(caller(c), p(c, 'number'), body(c))));
  api.post('/merchant/:merchantId/loyaltycards/:number/_voidPayment', (c) =>
    c.json(engine.loyaltyCards.voidPayment(caller(c), p(c, 'merchantId'), p(c, 'number'), body(c))),
  );

  // Store credit
  api.get('/storecredits/:number', (c) => c.json(engine.storeCredits.get(caller(c), p(c, 'number'))));
  api.post('/storeCreditSeries/:series/storecredits/_issue', (c) =>
    c.json(engine.storeCredits.issueFromSeries(caller(c), p(c, 'series'), body(c)), 201),
  );
  api.post('/storecredits/:number/_unissue', (c) =>
    c.json(engine.storeCredits.unissue(caller(c), p(c, 'number'), body(c))),
  );
  api.post('/storecredits/:number/_pay', (c) =>
    c.json(engine.storeCredits.pay(caller(c), p(c, 'number'), body(c)), 201),
  );
  api.post('/storecredits/:number/authorizations/:authCode/_commit', (c) =>
    c.json(engine.storeCredits.commit(caller(c), p(c, 'number'), p(c, 'authCode'), body(c))),
  );
  api.post('/storecredit/:number/authorizations/:authCode/_cancel', (c) =>
    c.json(engine.storeCredits.cancel(caller(c), p(c, 'number'), p(c, 'authCode'), body(c))),
  );

  return {
    fetch: (request: Request) => app.fetch(request),
    /** "METHOD /path" of every route, in hono's syntax (`:param`): the OpenAPI test checks its document against them. */
    routes: () => [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))],
    faults,
    engine,
  };
}

export type SimulatorApp = ReturnType<typeof createSimulatorApp>;
