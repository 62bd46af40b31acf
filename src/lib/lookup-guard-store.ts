import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  defaultGuardRule,
  isPaused,
  lifted,
  missed,
  openGuard,
  type GuardRule,
  type GuardState,
} from '@/domain/lookup-guard';

/** One pause, for the journal: when it started, until when, and whether a manager lifted it. */
export interface LookupPause {
  at: number;
  until: number;
  liftedAt?: number | undefined;
}

interface GuardStore {
  state: GuardState;
  rule: GuardRule;
  pauses: LookupPause[];
}

/** Kept in this browser, so a reload does not lift a pause; the last 50 pauses stay for the journal. */
const useGuardStore = create<GuardStore>()(
  persist(() => ({ state: openGuard, rule: defaultGuardRule, pauses: [] as LookupPause[] }), {
    name: 'loyalty-terminal.lookup-guard',
    version: 1,
    storage: createJSONStorage(() => localStorage),
  }),
);

export const usePausedUntil = () => useGuardStore((s) => s.state.pausedUntil);
export const useLookupPauses = () => useGuardStore((s) => s.pauses);
export const useGuardRule = () => useGuardStore((s) => s.rule);

export const lookupGuard = {
  /** Until when lookups are paused, or null. */
  pausedUntil(now = Date.now()): number | null {
    const { state } = useGuardStore.getState();
    return isPaused(state, now) ? state.pausedUntil : null;
  },
  /** A lookup of a number the server does not know. */
  missed(now = Date.now()) {
    const { state, rule, pauses } = useGuardStore.getState();
    const next = missed(state, now, rule);
    useGuardStore.setState({
      state: next.state,
      pauses: next.paused ? [...pauses, { at: now, until: next.state.pausedUntil }].slice(-50) : pauses,
    });
  },
  /** The manager's PIN lifted the pause. */
  lifted(now = Date.now()) {
    const { pauses } = useGuardStore.getState();
    const last = pauses.at(-1);
    useGuardStore.setState({
      state: lifted(),
      pauses:
        last && last.until > now && !last.liftedAt ? [...pauses.slice(0, -1), { ...last, liftedAt: now }] : pauses,
    });
  },
  ruleSaved: (rule: GuardRule) => useGuardStore.setState({ rule }),
};
