import { addToDataset, type Dataset, type DatasetResult } from './dataset';
import { createEngineContext, type Caller, type HoldKind } from './context';
import { createHoldOperations } from './hold-operations';
import { createIdempotencyStore } from './idempotency';
import { createLoyaltyOperations } from './loyalty-operations';
import { stateFromDataset, type EngineState } from './state';
import { stateView } from './views';

export type { Caller, HoldKind };

export interface EngineOptions {
  now?: () => number;
  /** A stored state to continue from (training mode across reloads). */
  state?: EngineState;
  randomCode?: () => string;
}

function defaultCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * The simulated Loyalty server: state plus the contract's operations (loyalty-api.md sections 2-6).
 * Pure apart from the clock and the authCode generator, both injectable. Knows nothing of HTTP:
 * operations take the parsed JSON body and return the response body, or throw SimError.
 */
export function createEngine(dataset: Dataset, options: EngineOptions = {}) {
  const clock = options.now ?? (() => Date.now());
  /** How far the clock was moved on (tests let holds lapse); back to 0 at a reset. */
  let ahead = 0;
  const now = () => clock() + ahead;
  /** The loaded dataset and what was added to it since the last reset. */
  let current = dataset;
  let state: EngineState = options.state ?? stateFromDataset(dataset);
  const idempotency = createIdempotencyStore(() => state, now);
  const ctx = createEngineContext(() => state, now);
  const { issuePreNumbered, issueFromSeries, unissueHold, payHold, commitHold, cancelHold, getHold } =
    createHoldOperations(ctx, options.randomCode ?? defaultCode);
  const { issueLoyalty, unissueLoyalty, payLoyalty, voidLoyalty, getLoyalty } = createLoyaltyOperations(ctx);

  return {
    get state() {
      return state;
    },
    get currency() {
      return state.currency;
    },
    now,
    idempotency,
    /** The merchant a token belongs to, or null (401). */
    authenticate(token: string | null): string | null {
      if (!token) return null;
      return state.tokens.find((t) => t.token === token)?.merchantId ?? null;
    },
    reset() {
      state = stateFromDataset(dataset);
      current = dataset;
      ahead = 0;
    },
    /**
     * Cards and series added to the running state (a test's own cards), checked against everything
     * already there; gone at the next reset. Holds, payments and counters are untouched.
     */
    add(additions: unknown): DatasetResult {
      const merged = addToDataset(current, additions);
      if (!merged.ok) return merged;
      current = merged.dataset;
      const fresh = stateFromDataset(current);
      for (const [key, instrument] of Object.entries(fresh.instruments))
        if (!state.instruments[key]) state.instruments[key] = instrument;
      state.groups = fresh.groups;
      return merged;
    },
    /** Moves the clock on (holds lapse, expiry dates pass); the next reset moves it back. */
    advanceClock(ms: number) {
      ahead += ms;
    },
    view() {
      const t = now();
      ctx.sweep(t);
      return stateView(state, t);
    },
    giftCards: {
      get: (c: Caller, n: string) => getHold(c, 'giftCard', n),
      issue: (c: Caller, n: string, b: unknown) => issuePreNumbered(c, n, b),
      issueFromSeries: (c: Caller, s: string, b: unknown) => issueFromSeries(c, 'giftCard', s, b),
      unissue: (c: Caller, n: string, b: unknown) => unissueHold(c, 'giftCard', n, b),
      pay: (c: Caller, n: string, b: unknown) => payHold(c, 'giftCard', n, b),
      commit: (c: Caller, n: string, code: string, b: unknown) => commitHold(c, 'giftCard', n, code, b),
      cancel: (c: Caller, n: string, code: string, b: unknown) => cancelHold(c, 'giftCard', n, code, b),
    },
    storeCredits: {
      get: (c: Caller, n: string) => getHold(c, 'storeCredit', n),
      issueFromSeries: (c: Caller, s: string, b: unknown) => issueFromSeries(c, 'storeCredit', s, b),
      unissue: (c: Caller, n: string, b: unknown) => unissueHold(c, 'storeCredit', n, b),
      pay: (c: Caller, n: string, b: unknown) => payHold(c, 'storeCredit', n, b),
      commit: (c: Caller, n: string, code: string, b: unknown) => commitHold(c, 'storeCredit', n, code, b),
      cancel: (c: Caller, n: string, code: string, b: unknown) => cancelHold(c, 'storeCredit', n, code, b),
    },
    loyaltyCards: {
      get: (c: Caller, n: string) => getLoyalty(c, n),
      issue: (c: Caller, n: string, b: unknown) => issueLoyalty(c, n, b),
      unissue: (c: Caller, n: string, b: unknown) => unissueLoyalty(c, n, b),
      pay: (c: Caller, n: string, b: unknown) => payLoyalty(c, n, b),
      voidPayment: (c: Caller, merchantId: string, n: string, b: unknown) => voidLoyalty(c, merchantId, n, b),
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
