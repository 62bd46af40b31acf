import { CONTRADICTORY_ANSWER, forManager, LoyaltyApiError, toOutcome } from '@/api/errors';
import { createLoyaltyApi, getInstrument, type LoyaltyApi, type PostOptions } from '@/api/loyalty-api';
import { availableAmount } from '@/domain/instrument';
import { contradiction, untrustedText } from '@/domain/answer-check';
import {
  CURRENCY_CHANGED,
  INTERRUPTED,
  kindOf,
  type OperationType,
  type Outcome,
  type RequestOf,
  type ResultMap,
  sendsAmount,
} from '@/domain/operation';
import type { Outbox } from './outbox';
import type { ReadModel } from './read-model';
import type { OperationRecord, OperationResult } from './types';

type Handlers = { [K in OperationType]: (api: LoyaltyApi, r: RequestOf<K>, o: PostOptions) => Promise<ResultMap[K]> };

const handlers: Handlers = {
  'giftCard.pay': (api, r, o) => api.giftCards.pay(r.number, r.amount, o),
  'storeCredit.pay': (api, r, o) => api.storeCredits.pay(r.number, r.amount, o),
  'loyaltyCard.pay': (api, r, o) => api.loyaltyCards.pay(r.number, r.amount, o),
  'giftCard.commit': (api, r, o) => api.giftCards.commit(r.number, r.authCode, o),
  'giftCard.cancel': (api, r, o) => api.giftCards.cancel(r.number, r.authCode, o),
  'storeCredit.commit': (api, r, o) => api.storeCredits.commit(r.number, r.authCode, o),
  'storeCredit.cancel': (api, r, o) => api.storeCredits.cancel(r.number, r.authCode, o),
  'loyaltyCard.voidPayment': (api, r, o) => api.loyaltyCards.voidPayment(r.number, o),
  'giftCard.issue': (api, r, o) => api.giftCards.issue(r.number, { amount: r.amount, customer: r.customer }, o),
  'giftCard.issueInSeries': (api, r, o) =>
    api.giftCards.issueInSeries(r.series, { amount: r.amount, customer: r.customer }, o),
  'storeCredit.issueInSeries': (api, r, o) =>
    api.storeCredits.issueInSeries(r.series, { amount: r.amount, customer: r.customer }, o),
  'loyaltyCard.issue': (api, r, o) => api.loyaltyCards.issue(r.number, { customer: r.customer }, o),
  'giftCard.unissue': (api, r, o) => api.giftCards.unissue(r.number, o),
  'storeCredit.unissue': (api, r, o) => api.storeCredits.unissue(r.number, o),
  'loyaltyCard.unissue': (api, r, o) => api.loyaltyCards.unissue(r.number, o),
};

/** The one place the terminal calls an API operation that changes something; the result is typed by its request. */
function dispatch<K extends OperationType>(
  api: LoyaltyApi,
  request: RequestOf<K>,
  options: PostOptions,
): Promise<ResultMap[K]> {
  // TypeScript cannot correlate a generic key with its handler's parameter; the map above is checked per key.
  const handler = handlers[request.type as K] as (
    api: LoyaltyApi,
    r: RequestOf<K>,
    o: PostOptions,
  ) => Promise<ResultMap[K]>;
  return handler(api, request, options);
}

export interface SenderContext {
  api: LoyaltyApi;
  outbox: Outbox;
  reads: ReadModel;
  /** Runs `work` while no other window of this terminal sends (Web Locks); a plain queue where there are none. */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Told after each answer is written (the screens refresh that instrument). */
  onAnswered?: (record: OperationRecord) => void;
  now?: () => number;
  /**
   * A clock that only moves forward (`performance.now()`): back-offs run on it. The device's clock
   * can be set back, and the records' times can be ahead of it (floored to the last Z report's close).
   */
  elapsed?: () => number;
  /** Where what each server has shown of keeping keys is remembered: the browser's localStorage. */
  storage?: Storage | undefined;
}

const MAX_BACKOFF_MS = 8_000;
const MAX_RETRY_AFTER_MS = 60_000;
const IDLE_CHECK_MS = 10_000;

/** How long after an attempt the next one is due: 1 s, 2 s, 4 s, then every 8 s. */
const backoff = (attempts: number) => Math.min(1000 * 2 ** (attempts - 1), MAX_BACKOFF_MS);

let tail: Promise<unknown> = Promise.resolve();

/** One sender at a time: across windows with Web Locks, within this page with a shared queue where there are none. */
function webLockOrQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return <T>(work: () => Promise<T>) => locks.request('loyalty-terminal-sender', work) as Promise<T>;
  return (work) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * A 2xx answer that is not the contract's shape (or holds an amount the currency cannot): the server
 * said yes, and what it did cannot be read. Sent again, a server that keeps keys replays the same
 * answer for ever, and one that does not applies it again: it is a contradiction, for a manager,
 * with the card read again (a lost loyalty payment is voided, a commit settled by the manager).
 */
function unreadableYes(error: LoyaltyApiError): Outcome<OperationResult> | null {
  const yes = error.status !== undefined && error.status >= 200 && error.status < 300;
  return error.code === 'malformed_response' && yes
    ? { status: 'unknown', code: CONTRADICTORY_ANSWER, message: untrustedText(error.message) }
    : null;
}

/**
 * Asked in another currency than the server's now: its amount would be another sum. A record kept
 * before records had a currency is taken as the server's (the settings guard stood before it).
 */
const inAnotherCurrency = (record: OperationRecord, serverCurrency: string): boolean =>
  record.currency !== undefined && record.currency !== serverCurrency && sendsAmount(record.request);

/**
 * The one sender loop. It sends whatever waits in the outbox (same Idempotency-Key and body every
 * time), writes each answer back through the sale flow, and sleeps until the next retry is due or
 * something new is recorded. Only one window of the terminal sends at a time.
 */
export function createSender(context: SenderContext) {
  const { outbox, reads } = context;
  /**
   * The API a record is sent and its card read with: in the record's own currency. A commit, cancel
   * or void of a sale begun before the currency changed sends no amount, but its answer carries the
   * hold's or the payment's: read in the new currency, it would contradict the request it answers.
   */
  const inCurrency = new Map<string, LoyaltyApi>();
  const apiFor = (record: Pick<OperationRecord, 'currency'>): LoyaltyApi => {
    const currency = record.currency ?? context.api.config.currency;
    if (currency === context.api.config.currency) return context.api;
    let api = inCurrency.get(currency);
    if (!api) inCurrency.set(currency, (api = createLoyaltyApi({ ...context.api.config, currency })));
    return api;
  };
  const api = context.api;
  const keys = keyKeeping(outbox.scope, context.storage ?? globalThis.localStorage);
  const exclusive = context.exclusive ?? webLockOrQueue();
  const now = context.now ?? Date.now;
  const elapsed = context.elapsed ?? (() => performance.now());
  /** When each waiting record's back-off started, on the clock that only moves forward. */
  const backoffFrom = new Map<string, { attempts: number; at: number }>();

  /**
   * When a record that already had an attempt is due again, on `elapsed`. Its back-off starts when
   * its last attempt was written, as far as the device's clock can tell: a record whose time is ahead
   * of the clock (the clock set back since) starts it now, rather than waiting for the clock to catch
   * up while its hold lapses.
   */
  function dueAt(record: OperationRecord): number {
    if (record.attempts === 0) return 0;
    return lastAttemptAt(record) + Math.max(backoff(record.attempts), asked(record));
  }
  /** When a record's last attempt was written, on `elapsed` (see dueAt). */
  function lastAttemptAt(record: OperationRecord): number {
    let from = backoffFrom.get(record.id);
    if (from?.attempts !== record.attempts) {
      const since = Math.max(0, now() - Date.parse(record.updatedAt));
      from = { attempts: record.attempts, at: elapsed() - since };
      backoffFrom.set(record.id, from);
    }
    return from.at;
  }
  // A server that said when to ask again (429 Retry-After) is asked then, up to a minute: a hold
  // waiting for its commit must not lapse on a server's word.
  const asked = (record: OperationRecord) =>
    Math.min((record.error?.retryAfterSeconds ?? 0) * 1000, MAX_RETRY_AFTER_MS);

  /**
   * A 429 is the server's word on this terminal's requests, not on one of them: until the wait it
   * asked for has passed, nothing sent before is sent again (a backlog after an outage would otherwise
   * meet the limit one record after another). What the cashier asks for now still goes once: its
   * answer is the server's own (a payment turned away says when to try again). From this window's
   * answers, and from the records (another window's sender may have had the 429).
   */
  let turnedAwayUntil = 0;
  function quietUntil(waiting: OperationRecord[]): number {
    let until = turnedAwayUntil;
    for (const r of waiting) if (r.attempts > 0 && asked(r) > 0) until = Math.max(until, lastAttemptAt(r) + asked(r));
    return until;
  }
  let running: Promise<void> | null = null;
  /** Set by a kick during a pass: something was recorded after the pass last read the outbox. */
  let dirty = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const forced = new Set<string>();
  let leftOverSettled = false;

  async function send(record: OperationRecord) {
    // Keys are kept per token: after a new token, an earlier attempt's key is unknown to the server.
    const sentWith = tokenTag(api.config.token);
    if (inAnotherCurrency(record, api.config.currency)) {
      // The settings refuse a new currency while anything waits; only a race across windows gets here.
      const written = await outbox.answered(
        record.id,
        record.status === 'pending'
          ? { status: 'refused', code: CURRENCY_CHANGED, message: '' }
          : { status: 'unknown', code: CURRENCY_CHANGED, message: '' },
      );
      if (written?.record.status === 'attention') await reread(record);
      if (written) context.onAnswered?.(written.record);
      return;
    }
    // Marked in flight before it leaves: a crash before its answer is written is then known as one.
    if (!(await outbox.sending(record.id, sentWith))) return;
    let outcome: Outcome<OperationResult>;
    try {
      const request = record.request as RequestOf<typeof record.request.type>;
      const answer = { replayed: false };
      const result = await dispatch(apiFor(record), request, {
        transactionId: record.transactionId,
        reason: record.reason,
        idempotencyKey: record.id,
        answer,
        workstation: {
          storeId: record.workstation ? record.workstation.storeId : api.config.storeId,
          workstationId: record.workstation ? record.workstation.workstationId : api.config.workstationId,
          operatorId: record.operatorId,
        },
      });
      // Checked against its request before anything is written: a contradiction is never a success.
      const problem = contradiction(request, record.transactionId, result);
      outcome =
        problem === null
          ? { status: 'succeeded', result, replayed: answer.replayed }
          : {
              status: 'unknown',
              code: CONTRADICTORY_ANSWER,
              message: untrustedText(problem),
              ...(result && typeof result === 'object' && 'number' in result && { answeredNumber: result.number }),
            };
    } catch (error) {
      // Not the API's own error (a bug, a browser failure): it may have left, so it is resolved like a lost answer.
      outcome =
        error instanceof LoyaltyApiError
          ? (unreadableYes(error) ?? toOutcome(error))
          : {
              status: 'unknown',
              code: 'client_error',
              message: error instanceof Error ? error.message : String(error),
            };
    }
    if (outcome.status === 'passing' && outcome.retryAfterSeconds)
      turnedAwayUntil = Math.max(
        turnedAwayUntil,
        elapsed() + Math.min(outcome.retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS),
      );
    if (outcome.status === 'succeeded' && outcome.replayed) keys.saw();
    // A server that has shown it keeps keys said what it did: no replay header, first application;
    // a refusal, nothing happened before. But only within the time it promises to keep a key: after
    // that it may have let it go.
    // A record whose time is ahead of the clock (set back since) is of an age nobody knows: it may be.
    const age = now() - Date.parse(record.createdAt);
    const keyMayBeGone = age < 0 || age > KEY_KEPT_MS;
    const sameToken = record.attempts === 0 || record.sentWith === sentWith;
    const keysKept = keys.shown() && !keyMayBeGone && sameToken;
    const written = await outbox.answered(record.id, outcome, { keysKept, sentWith });
    if (!written) return;
    if (written.record.toCheck) await verify(written.record, written.record.toCheck);
    const error = written.record.error;
    if (written.record.status === 'attention' && error && forManager(error.code)) await reread(written.record);
    context.onAnswered?.(written.record);
  }

  /**
   * After an unknown outcome resolved as "it happened" by an answer that does not say it replays an
   * earlier one (a server that keeps the key says so: Idempotency-Replayed): more gone from the card
   * than this payment may mean the key was not honoured and the payment applied twice. The check was
   * written with the answer (`toCheck`); its result clears it, in one transaction.
   */
  async function verify(record: OperationRecord, check: NonNullable<OperationRecord['toCheck']>) {
    const { id } = record;
    const fresh = await getInstrument(apiFor(record), check.kind, check.number).catch(() => null);
    const available = fresh ? availableAmount(fresh.account) : null;
    await outbox.checked(
      id,
      // Resends happen when the network fails, and so may this read: unchecked is named, never taken as fine.
      available === null
        ? { code: 'notChecked' }
        : available < check.availableAtLeast
          ? { code: 'appliedTwice', available, expectedAtLeast: check.availableAtLeast }
          : null,
    );
  }

  /** A contradicted answer is resolved as the contract says: the card is read again, and what it shows goes to the manager. */
  async function reread(record: OperationRecord) {
    const { id, request } = record;
    // A series issue names no card: the one its contradicted answer named is read.
    const number = 'number' in request ? request.number : record.answeredNumber;
    if (number === undefined) return;
    const fresh = await getInstrument(apiFor(record), kindOf(request.type), number).catch(() => null);
    await outbox.flag(
      id,
      fresh
        ? { code: 'readAgain', available: availableAmount(fresh.account), onHold: fresh.account.authorized }
        : { code: 'notReadAgain' },
    );
  }

  /**
   * One pass: sends what is due, one record at a time, requests never sent before ahead of
   * retries, reading the outbox again after each (an answer may have recorded a follow-up, such
   * as the cancel of a hold whose sale was voided). Returns when the next retry is due.
   */
  async function pass(): Promise<number | null> {
    // A check a window left when it died between a resend's answer and the card's read (written with
    // the answer) is made before anything is sent: the sale's follow-ups, written with that answer (a
    // voided sale's cancel), would give back a hold and could hide a payment applied twice.
    for (const left of await reads.toCheck()) if (left.toCheck) await verify(left, left.toCheck);
    // Once a start: a sale an earlier build left unable to finish is given its written answer again.
    if (!leftOverSettled) {
      leftOverSettled = true;
      await outbox.settleLeftOver();
    }
    const tried = new Set<string>();
    for (;;) {
      if (stopped) return null;
      dirty = false;
      const waiting = await reads.waiting();
      // In flight, yet no attempt is under way (one pass at a time, across windows): one was cut off
      // after it may have reached the server. Its answer is lost: an unknown outcome, sent again.
      const cut = waiting.find((r) => r.inFlight !== undefined);
      if (cut) {
        await outbox.answered(cut.id, { status: 'unknown', code: INTERRUPTED, message: '' });
        continue;
      }
      for (const id of backoffFrom.keys()) if (!waiting.some((r) => r.id === id)) backoffFrom.delete(id);
      const quiet = quietUntil(waiting);
      const due = waiting.filter(
        (r) =>
          !tried.has(r.id) && (forced.has(r.id) || r.attempts === 0 || (quiet <= elapsed() && dueAt(r) <= elapsed())),
      );
      const next = due.find((r) => r.attempts === 0) ?? due[0];
      if (!next && dirty) continue;
      if (!next) {
        const later = waiting.map((r) => Math.max(dueAt(r), quiet));
        return later.length > 0 ? Math.min(...later) : null;
      }
      tried.add(next.id);
      forced.delete(next.id);
      await send(next);
    }
  }

  function schedule(next: number | null) {
    clearTimeout(timer);
    if (stopped) return;
    const wait = next === null ? IDLE_CHECK_MS : Math.min(Math.max(next - elapsed(), 200), IDLE_CHECK_MS);
    timer = setTimeout(() => void kick(), wait);
  }

  /** Something may wait: send it now (or as soon as the current pass ends). `force` skips the back-off for one record. */
  function kick(force?: string): Promise<void> {
    if (force) forced.add(force);
    if (running) {
      // The pass under way reads the outbox again before it ends: it will see what is new.
      dirty = true;
      return running;
    }
    running = exclusive(pass)
      .then(schedule, (error: unknown) => {
        // A write the records refused is said by the outbox (`onWritten`); the pass runs again in 2 s.
        console.warn('outbox pass failed', error instanceof Error ? error.name : '');
        schedule(elapsed() + 2000);
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    kick,
    /** Resolves when nothing is being sent (tests, benchmarks). */
    idle: async () => {
      while (running) await running;
    },
    /** Stops sending after the record under way (the terminal's window closes, or its server changes). */
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    /** Sends again after a stop: React mounts the provider, unmounts and mounts it again (StrictMode, Fast Refresh). */
    start() {
      stopped = false;
      return kick();
    },
  };
}

// ─── Whether this server keeps Idempotency-Keys ───

/**
 * Whether a server has shown that it keeps Idempotency-Keys: it answered a repeat with
 * `Idempotency-Replayed: true` (contract section 6). From then on, an answer after retries that does
 * not say it replays is a first application (the earlier attempts had no effect), so other tills'
 * payments never raise a "charged twice" alarm there. A server that has never said so (one that
 * ignores the key never does) keeps the card's arithmetic check. Kept per server in localStorage,
 * so a reload does not forget; in memory where there is none.
 */
const KEY = 'loyalty-terminal.servers-keeping-keys';

/**
 * How long the contract has a server keep a key ("at least 24 hours", section 6): an operation
 * first sent longer ago than that may be new to a server that keeps keys, so its answer is checked
 * against the card again as on a server that has never shown it keeps them.
 */
export const KEY_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * A short tag of an access token (FNV-1a, 32 bits; never the token itself): a server keeps keys
 * per token (contract section 6), so an operation sent again with another token is new to it.
 */
export function tokenTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function kept(storage: Storage | undefined): string[] {
  try {
    const list: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export function keyKeeping(scope: string, storage: Storage | undefined = globalThis.localStorage) {
  let shown = kept(storage).includes(scope);
  return {
    /** The server has replayed a repeat at least once. */
    shown: () => shown,
    /** It just did. */
    saw() {
      if (shown) return;
      shown = true;
      try {
        storage?.setItem(KEY, JSON.stringify([...kept(storage), scope].slice(-20)));
      } catch {
        // Storage full or refused: known for this window's life.
      }
    },
  };
}
