import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ServerSettings, SupportedLocale } from './schema';

export type TerminalMode = 'training' | 'live';

interface SettingsState {
  /** With no server configured the terminal runs in training mode. */
  mode: TerminalMode;
  server: ServerSettings | null;
  locale: SupportedLocale;
  /** Tills (origins) allowed to hand payments over (docs/host-integration.md). */
  hostOrigins: string[];
  actions: {
    serverSettingsSaved: (server: ServerSettings) => void;
    trainingStarted: () => void;
    liveStarted: () => void;
    localeChosen: (locale: SupportedLocale) => void;
    hostOriginsSaved: (origins: string[]) => void;
  };
}

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
      hostOrigins: [],
      actions: {
        serverSettingsSaved: (server) => set({ server }),
        trainingStarted: () => set({ mode: 'training' }),
        liveStarted: () => set((s) => (s.server ? { mode: 'live' } : s)),
        localeChosen: (locale) => set({ locale }),
        hostOriginsSaved: (hostOrigins) => set({ hostOrigins }),
      },
    }),
    {
      name: 'loyalty-terminal.settings',
      version: 1,
      partialize: ({ mode, server, locale, hostOrigins }) => ({ mode, server, locale, hostOrigins }),
    },
  ),
);

export const useTerminalMode = () => useSettingsStore((s) => (s.server ? s.mode : 'training'));
export const useServerSettings = () => useSettingsStore((s) => s.server);
export const useHostOrigins = () => useSettingsStore((s) => s.hostOrigins);
/** Read at the moment a message arrives (not a render): the allow-list as saved now. */
export const hostOriginAllowed = (origin: string) => useSettingsStore.getState().hostOrigins.includes(origin);
export const useLocale = () => useSettingsStore((s) => s.locale);
/** The saved locale before the first render (its language's texts are loaded first). */
export const savedLocale = () => useSettingsStore.getState().locale;
export const useSettingsActions = () => useSettingsStore((s) => s.actions);
