import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { LoyaltyApiError } from '@/api/errors';
import { createLoyaltyApi, instrumentQueries, type LoyaltyApi } from '@/api/loyalty-api';
import { instrumentKeys } from '@/api/query-keys';
import { type InstrumentKind, detectKind, parseInstrumentNumber } from '@/domain/instrument';
import type { MessageKey } from '@/lib/i18n';
import { savedServerScope, savedWork } from '@/lib/settings/store';
import { useTerminal } from '@/lib/terminal-context';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Reading a card the cashier scanned or keyed: the number to a kind (or a question), the card from
 * the server, and the guard that pauses lookups when someone is guessing numbers (its rule first,
 * pure, then the store that keeps it).
 * Used wherever a card number is taken: the lookup, the sale's tender, the card desk, issuing.
 */

// The guard's rule: pure.

/**
 * Card-number guessing and balance-check abuse, stopped at the terminal (OWASP's velocity limits):
 * the `limit`-th lookup of a number the server does not know, within `windowMs`, pauses lookups for
 * `pauseMs`; nothing after it reaches the server until the pause ends or a manager lifts it. Pure: the state is plain data kept by the caller, times are epoch milliseconds.
 */
export interface GuardRule {
  limit: number;
  windowMs: number;
  pauseMs: number;
}

/** Defaults (docs/decisions.md): a cashier who mistypes five times is never stopped; a script is, at its sixth. */
export const defaultGuardRule: GuardRule = { limit: 6, windowMs: 5 * 60_000, pauseMs: 10 * 60_000 };

export interface GuardState {
  /** When each recent unknown number was looked up (within the window). */
  misses: number[];
  /** Lookups are paused until then (0: not paused). */
  pausedUntil: number;
}

export const openGuard: GuardState = { misses: [], pausedUntil: 0 };

export const isPaused = (state: GuardState, now: number): boolean => state.pausedUntil > now;

/** A lookup of a number the server does not know. Returns the next state, and whether this one started a pause. */
export function missed(state: GuardState, now: number, rule: GuardRule): { state: GuardState; paused: boolean } {
  const misses = [...state.misses.filter((at) => now - at < rule.windowMs), now];
  if (misses.length >= rule.limit && !isPaused(state, now))
    return { state: { misses: [], pausedUntil: now + rule.pauseMs }, paused: true };
  return { state: { ...state, misses }, paused: false };
}

/** The manager lifted the pause (PIN): lookups go again, and the count starts afresh. */
export const lifted = (): GuardState => openGuard;

// The guard kept in this browser, and the card read.

/** One pause, for the journal: when it started, until when, and whether a manager lifted it. */
export interface LookupPause {
  at: number;
  until: number;
  liftedAt?: number | undefined;
}

/** One scope's guard (training, or one live server): its count and pause, and its pauses for the journal. */
interface ScopeGuard {
  state: GuardState;
  pauses: LookupPause[];
}

/**
 * The guard of each scope, as the outbox names it (`scopeOf`: training, or a live server), and the
 * manager's rule, which is the terminal's. Training's guard is kept where the single guard of earlier
 * versions was (`state`, `pauses`); every other scope's under `scopes`. A trainee's guesses neither
 * count against a live server nor pause it, and a live pause is not lifted by leaving training.
 */
interface GuardStore extends ScopeGuard {
  rule: GuardRule;
  scopes: Record<string, ScopeGuard>;
}

const TRAINING = 'training';
const noPauses: LookupPause[] = [];
const unguarded: ScopeGuard = { state: openGuard, pauses: noPauses };

/** Kept in this browser, so a reload does not lift a pause; the last 50 pauses of each scope stay for the journal. */
const useGuardStore = create<GuardStore>()(
  persist((): GuardStore => ({ state: openGuard, rule: defaultGuardRule, pauses: noPauses, scopes: {} }), {
    name: 'loyalty-terminal.lookup-guard',
    // Version 2 counts the number that pauses among the limit (it was the one after it): a limit kept
    // by version 1 is one more, so a terminal pauses where it did.
    version: 2,
    migrate: (kept, version) => {
      const old = kept as GuardStore;
      return version < 2 && old.rule ? { ...old, rule: { ...old.rule, limit: old.rule.limit + 1 } } : old;
    },
    // A guard per scope is kept without a new version: an earlier build's window still open (not yet
    // reloaded after an update) reads and writes this shape back as it is, `scopes` included, where a
    // new version would have the two builds migrate each other's writes. Kept by an earlier build,
    // with no `scopes`: its single guard counted for training and for the live server set up then,
    // the only one it can have been about; it stays training's, and that server's starts from it (a
    // live pause still running is not lifted by the upgrade).
    merge: (persisted, current) => {
      const kept = (persisted ?? {}) as Partial<GuardStore>;
      const server = savedServerScope();
      const single = { state: kept.state ?? current.state, pauses: kept.pauses ?? current.pauses };
      return { ...current, ...kept, scopes: kept.scopes ?? (server ? { [server]: single } : {}) };
    },
    storage: createJSONStorage(() => localStorage),
  }),
);

// Another window's pause, lift or rule is this window's at once (its screens show it).
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === useGuardStore.persist.getOptions().name) void useGuardStore.persist.rehydrate();
  });

/** A scope's guard in the store: training's at the top, another's under `scopes`. */
function guardIn(store: GuardStore, scope: string): ScopeGuard {
  return scope === TRAINING ? store : (store.scopes[scope] ?? unguarded);
}

/** The scope's guard changed: training's at the top, another's under `scopes`. */
function written(store: GuardStore, scope: string, guard: ScopeGuard): Partial<GuardStore> {
  return scope === TRAINING ? guard : { scopes: { ...store.scopes, [scope]: guard } };
}

/** The pauses of this scope, for its journal. */
export const useLookupPauses = (scope: string) => useGuardStore((s) => guardIn(s, scope).pauses);
export const useGuardRule = () => useGuardStore((s) => s.rule);

/**
 * The guard as every window of the terminal left it, read again from localStorage (synchronous)
 * before each change: no window writes back an older state over another's pause or the manager's
 * rule. Another window's change reaches this one's checks by the `storage` event (below), so a
 * scan's check reads no storage.
 */
const fresh = () => {
  void useGuardStore.persist.rehydrate();
  return useGuardStore.getState();
};

/** The guard of one scope (the terminal's `scope`, as the outbox names it). */
export function guardOf(scope: string) {
  return {
    /** Until when lookups are paused, or null. */
    pausedUntil(now = Date.now()): number | null {
      const { state } = guardIn(useGuardStore.getState(), scope);
      return isPaused(state, now) ? state.pausedUntil : null;
    },
    /** A lookup of a number the server does not know. */
    missed(now = Date.now()) {
      const store = fresh();
      const { state, pauses } = guardIn(store, scope);
      const next = missed(state, now, store.rule);
      useGuardStore.setState(
        written(store, scope, {
          state: next.state,
          pauses: next.paused ? [...pauses, { at: now, until: next.state.pausedUntil }].slice(-50) : pauses,
        }),
      );
    },
    /** The manager's PIN lifted the pause. */
    lifted(now = Date.now()) {
      const store = fresh();
      const { pauses } = guardIn(store, scope);
      const last = pauses.at(-1);
      useGuardStore.setState(
        written(store, scope, {
          state: lifted(),
          pauses:
            last && last.until > now && !last.liftedAt ? [...pauses.slice(0, -1), { ...last, liftedAt: now }] : pauses,
        }),
      );
    },
  };
}

/**
 * The scope the terminal's settings name now (`savedWork`, which is the outbox's scope and its
 * currency), for a caller that does not say which: training, or the live server. While a window
 * changes server or mode, training's.
 */
function savedScope(): string {
  const work = savedWork();
  return work.startsWith('live|') ? work.slice(0, work.lastIndexOf('|')) : TRAINING;
}

/** The guard of the scope the terminal works for now (`guardOf` where the scope is known), and the manager's rule. */
export const lookupGuard = {
  pausedUntil: (now = Date.now()) => guardOf(savedScope()).pausedUntil(now),
  missed: (now = Date.now()) => guardOf(savedScope()).missed(now),
  lifted: (now = Date.now()) => guardOf(savedScope()).lifted(now),
  ruleSaved: (rule: GuardRule) => {
    fresh();
    useGuardStore.setState({ rule });
  },
};

export type LookupTarget = { kind: InstrumentKind; number: string };

/** A card's query, guarded by its scope's guard (the rule above): while paused nothing is sent; an unknown number counts. */
function guardedDetail(api: LoyaltyApi, scope: string, kind: InstrumentKind, number: string) {
  const detail = instrumentQueries.detail(api, scope, kind, number);
  return {
    ...detail,
    queryFn: async (context: Parameters<NonNullable<typeof detail.queryFn>>[0]) => {
      const guard = guardOf(scope);
      const until = guard.pausedUntil();
      if (until !== null)
        throw new LoyaltyApiError({ code: 'lookups_paused', message: '', method: 'GET', details: { until } });
      try {
        return await detail.queryFn!(context);
      } catch (error) {
        if (error instanceof LoyaltyApiError && error.code === 'not_found') guard.missed();
        throw error;
      }
    },
  };
}
/** A card asked for, and when: what the server said before `at` is not the answer to this scan. */
type Scan = LookupTarget & { at: number };

/**
 * The lookup flow: raw input to a number, the number's prefix to a kind (or a question to the
 * cashier), then the instrument from the server. Every scan or keyed number is a read, the same
 * card's included (another till may have paid with it): what the cache holds meanwhile is `shown`
 * marked as `reading`, never the `answer`.
 */
export function useCardLookup(initial: LookupTarget | null = null, options: { fallbackKind?: InstrumentKind } = {}) {
  const { fallbackKind } = options;
  const { apiConfig, scope, series } = useTerminal();
  const api = useMemo(() => createLoyaltyApi(apiConfig), [apiConfig]);
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Scan | null>(() => (initial ? { ...initial, at: Date.now() } : null));
  const latest = useRef(target);
  useEffect(() => {
    latest.current = target;
  });

  /**
   * Asks the server for this card now, whatever the cache holds. The request leaves first, then the
   * scan is drawn at once (flushSync), whatever brought it: a key, a form, the camera after an
   * await, a scan held while a screen loaded. So the query that render mounts always finds the read
   * under way and joins it; drawn later, after a fast answer, it would read again (and an unknown
   * number would count twice against the guard). The render and the round trip overlap.
   */
  const read = useCallback(
    (next: LookupTarget) => {
      const before = latest.current;
      const at = Date.now();
      if (before?.kind === next.kind && before.number === next.number)
        // The same card again: read again (a read still on its way with nothing read before is joined).
        void queryClient.refetchQueries({ queryKey: instrumentKeys.key(scope, next.kind, next.number), exact: true });
      // What it brings reaches the screen through the query; a failure is shown there too.
      else void queryClient.query(guardedDetail(api, scope, next.kind, next.number)).catch(() => undefined);
      flushSync(() => setTarget({ ...next, at }));
    },
    [api, queryClient, scope],
  );
  const [askKindFor, setAskKindFor] = useState<string | null>(null);
  const [inputError, setInputError] = useState<MessageKey | null>(null);

  const submit = useCallback(
    (raw: string) => {
      const parsed = parseInstrumentNumber(raw);
      if (!parsed.ok) {
        setInputError(parsed.error === 'empty' ? 'number.empty' : 'number.malformed');
        return;
      }
      setInputError(null);
      const kind = detectKind(parsed.number, series) ?? fallbackKind ?? null;
      if (kind) {
        setAskKindFor(null);
        read({ kind, number: parsed.number });
      } else {
        setTarget(null);
        setAskKindFor(parsed.number);
      }
    },
    [series, fallbackKind, read],
  );

  const choose = useCallback(
    (target: LookupTarget) => {
      setAskKindFor(null);
      setInputError(null);
      read(target);
    },
    [read],
  );

  const query = useQuery({
    ...guardedDetail(api, scope, target?.kind ?? 'giftCard', target?.number ?? ''),
    enabled: target !== null,
  });

  const clear = useCallback(() => {
    setTarget(null);
    setAskKindFor(null);
    setInputError(null);
  }, []);

  const readForThisScan = target !== null && query.data !== undefined && query.dataUpdatedAt >= target.at;
  // A read that failed after it (an operation on the card had the screens read it again) leaves it
  // older than the server's state: shown as such, never the answer.
  const refreshFailed = readForThisScan && query.errorUpdatedAt > query.dataUpdatedAt;
  const answered = readForThisScan && !refreshFailed;
  return {
    target,
    askKindFor,
    inputError,
    submit,
    choose,
    clear,
    cancelAsk: () => setAskKindFor(null),
    query,
    /** The server's answer to the latest scan: the only figures a cashier may act on. */
    answer: answered ? query.data : undefined,
    /** What was read before (or by another screen), shown only marked as being read or as old. */
    shown: query.data,
    /** The latest scan's read is on its way. */
    reading: target !== null && !answered && query.isFetching,
    /**
     * This scan was answered, then a read of the card since failed (after an operation on it): `shown`
     * is that answer, no longer one to act on; what was done with the card stays on screen.
     */
    refreshFailed,
    /** The latest scan's read failed; `shown` is older. */
    readFailed: target !== null && !answered && !query.isFetching && query.errorUpdatedAt >= target.at,
    /** "Read again": the same card, asked now. */
    readAgain: () => target && read(target),
  };
}
