import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { CashOutPolicy } from '@/domain/cash-out';
import type { SupportedLocale } from './locales';
import type { ServerSettings } from './schema';
import { scopeOf } from './scope';

export type TerminalMode = 'training' | 'live';

export interface ReturnPolicy {
  way: 'storeCredit' | 'giftCard';
  pinAbove: number;
}

interface SettingsState {
  /** With no server configured the terminal runs in training mode. */
  mode: TerminalMode;
  server: ServerSettings | null;
  locale: SupportedLocale;
  /** Tills (origins) allowed to hand payments over (docs/till-integration.md). */
  tillOrigins: string[];
  /** Returns: card money goes back as store credit or a new gift card; above `pinAbove` (minor units) the manager's PIN, 0 for every return. */
  returns: ReturnPolicy;
  /** Cash-out of small gift card balances (cash-out.ts): off until a manager turns it on, with the law's threshold. */
  cashOut: CashOutPolicy;
  actions: {
    serverSettingsSaved: (server: ServerSettings) => void;
    trainingStarted: () => void;
    liveStarted: () => void;
    localeChosen: (locale: SupportedLocale) => void;
    tillOriginsSaved: (origins: string[]) => void;
    returnPolicySaved: (policy: ReturnPolicy) => void;
    cashOutSaved: (policy: CashOutPolicy) => void;
  };
}

/** The currency of the default amounts, and of any set before a server was: training's (its simulator's, a test checks). */
export const AMOUNTS_BEFORE_A_SERVER = 'EUR';

/**
 * Terminal settings, kept in this browser (localStorage). The token lives here because every
 * request needs it; it is never rendered back in full, never logged.
 */
const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      mode: 'training',
      server: null,
      locale: 'en-IE',
      tillOrigins: [],
      returns: { way: 'storeCredit', pinAbove: 5000 },
      cashOut: { enabled: false, threshold: 1500 },
      actions: {
        // Amounts kept in minor units mean another sum in another currency: the return PIN is asked
        // for every return and cash-out is off until a manager sets them again in the new one.
        // Before any server the amounts are training's (AMOUNTS_BEFORE_A_SERVER): a first server in
        // yen or dinars is a change of currency too (5000 would be ¥5,000, not 50.00).
        serverSettingsSaved: (server) =>
          set((s) =>
            (s.server?.currency ?? AMOUNTS_BEFORE_A_SERVER) !== server.currency
              ? { server, returns: { ...s.returns, pinAbove: 0 }, cashOut: { ...s.cashOut, enabled: false } }
              : { server },
          ),
        trainingStarted: () => set({ mode: 'training' }),
        liveStarted: () => set((s) => (s.server ? { mode: 'live' } : s)),
        localeChosen: (locale) => set({ locale }),
        tillOriginsSaved: (tillOrigins) => set({ tillOrigins }),
        returnPolicySaved: (returns) => set({ returns }),
        cashOutSaved: (cashOut) => set({ cashOut }),
      },
    }),
    {
      name: 'loyalty-terminal.settings',
      version: 2,
      // Version 1 called the allowed tills `hostOrigins` (one name for the till since version 2).
      migrate: (persisted, version) => {
        const { hostOrigins, ...rest } = (persisted ?? {}) as Partial<SettingsState> & { hostOrigins?: string[] };
        return version < 2 ? { ...rest, tillOrigins: rest.tillOrigins ?? hostOrigins ?? [] } : persisted;
      },
      partialize: ({ mode, server, locale, tillOrigins, returns, cashOut }) => ({
        mode,
        server,
        locale,
        tillOrigins,
        returns,
        cashOut,
      }),
    },
  ),
);

// The terminal's settings are the terminal's, whichever window saved them: another window's save is
// this window's at once. Without it, this window's next save of anything (a language) wrote its
// older copy back over theirs: a till a manager had removed, a server or a currency changed.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === useSettingsStore.persist.getOptions().name) void useSettingsStore.persist.rehydrate();
  });

export const useTerminalMode = () => useSettingsStore((s) => (s.server ? s.mode : 'training'));
export const useServerSettings = () => useSettingsStore((s) => s.server);
export const useTillOrigins = () => useSettingsStore((s) => s.tillOrigins);
/**
 * Read at the moment a message arrives (not a render): the allow-list as saved now, by whichever
 * window saved it (localStorage, read synchronously). A till a manager removed in another window is
 * refused here too; this window's copy is used only where there is no storage to read.
 */
export const tillOriginAllowed = (origin: string) => {
  let saved: unknown;
  try {
    saved = (
      JSON.parse(localStorage.getItem(useSettingsStore.persist.getOptions().name ?? '') ?? 'null') as {
        state?: { tillOrigins?: unknown };
      } | null
    )?.state?.tillOrigins;
  } catch {
    saved = undefined;
  }
  const origins = Array.isArray(saved) ? saved : useSettingsStore.getState().tillOrigins;
  return origins.includes(origin);
};
/**
 * Set while a window changes the server, currency or mode (switch-scope.ts): that window's id and
 * since when, in case it closed half-way (a mark lapses after 10 s, or if it is from the future).
 */
export const SWITCHING = 'loyalty-terminal.switching';
const SWITCH_MS = 10_000;
export type SwitchMark = { id: string; at: number };

export const readMark = (): SwitchMark | null => {
  try {
    const mark = JSON.parse(localStorage.getItem(SWITCHING) ?? 'null') as Partial<SwitchMark> | null;
    return typeof mark?.id === 'string' && typeof mark.at === 'number' ? { id: mark.id, at: mark.at } : null;
  } catch {
    return null;
  }
};
export const standing = (mark: SwitchMark | null): mark is SwitchMark => {
  const age = mark ? Date.now() - mark.at : -1;
  return age >= 0 && age < SWITCH_MS;
};

/** What the outbox works for: training, or a server and its currency (amounts are kept in it). */
export const workOf = (mode: TerminalMode, server: ServerSettings | null): string =>
  mode === 'live' && server ? `${scopeOf('live', server)}|${server.currency}` : 'training';

/**
 * What the terminal works for as saved now, by whichever window saved it last (localStorage, read
 * synchronously, as `tillOriginAllowed`), or 'switching' while a window changes it: the outbox
 * begins nothing for anything else. This window's copy where there is no storage to read.
 */
export const savedWork = (): string => {
  if (standing(readMark())) return 'switching';
  let saved: Partial<Pick<SettingsState, 'mode' | 'server'>> | undefined;
  try {
    saved = (
      JSON.parse(localStorage.getItem(useSettingsStore.persist.getOptions().name ?? '') ?? 'null') as {
        state?: Partial<Pick<SettingsState, 'mode' | 'server'>>;
      } | null
    )?.state;
  } catch {
    saved = undefined;
  }
  const { mode, server } = saved ?? useSettingsStore.getState();
  return workOf(mode ?? 'training', server ?? null);
};

/** The live server set up in this browser (its scope, as the outbox names it), whatever the mode, or null. */
export const savedServerScope = (): string | null => {
  const { server } = useSettingsStore.getState();
  return server ? scopeOf('live', server) : null;
};

export const useLocale = () => useSettingsStore((s) => s.locale);
export const useReturnPolicy = () => useSettingsStore((s) => s.returns);
export const useCashOutPolicy = () => useSettingsStore((s) => s.cashOut);
/** The saved locale before the first render (its language's texts are loaded first). */
export const savedLocale = () => useSettingsStore.getState().locale;
export const useSettingsActions = () => useSettingsStore((s) => s.actions);
