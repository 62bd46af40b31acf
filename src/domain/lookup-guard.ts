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
