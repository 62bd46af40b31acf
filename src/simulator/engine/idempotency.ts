import type { EngineState } from './state';

const keepMs = 24 * 60 * 60 * 1000;

export type IdempotencyBegin =
  { kind: 'new' } | { kind: 'replay'; status: number; body: string } | { kind: 'reused' } | { kind: 'inProgress' };

/**
 * Idempotency keys (loyalty-api.md section 6): scoped to the access token, remembered with a
 * fingerprint of method, path and body; only 2xx answers are stored, for at least 24 hours.
 */
export function createIdempotencyStore(state: () => EngineState, now: () => number) {
  const id = (token: string, key: string) => `${token}\u0000${key}`;

  function prune(t: number) {
    const records = state().idempotency;
    for (const [k, r] of Object.entries(records)) if (r.state === 'done' && t - r.at > keepMs) delete records[k];
  }

  return {
    begin(token: string, key: string, fingerprint: string): IdempotencyBegin {
      const t = now();
      prune(t);
      const records = state().idempotency;
      const existing = records[id(token, key)];
      if (existing) {
        if (existing.fingerprint !== fingerprint) return { kind: 'reused' };
        if (existing.state === 'inProgress') return { kind: 'inProgress' };
        return { kind: 'replay', status: existing.status, body: existing.body };
      }
      records[id(token, key)] = { fingerprint, state: 'inProgress', status: 0, body: '', at: t };
      return { kind: 'new' };
    },
    /** Stores a 2xx answer; anything else had no effect and frees the key. */
    finish(token: string, key: string, status: number, body: string) {
      const records = state().idempotency;
      if (status >= 200 && status < 300)
        records[id(token, key)] = {
          fingerprint: records[id(token, key)]?.fingerprint ?? '',
          state: 'done',
          status,
          body,
          at: now(),
        };
      else delete records[id(token, key)];
    },
    abandon(token: string, key: string) {
      delete state().idempotency[id(token, key)];
    },
  };
}
