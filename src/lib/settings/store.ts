import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ServerSettings, SupportedLocale } from './schema';

export type TerminalMode = 'training' | 'live';

interface SettingsState {
  /** With no server configured the terminal runs in training mode. */
  mode: TerminalMode;
  server: ServerSettings | null;
  locale: SupportedLocale;
  actions: {
    serverSettingsSaved: (server: ServerSettings) => void;
    trainingStarted: () => void;
    liveStarted: () => void;
    localeChosen: (locale: SupportedLocale) => void;
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
      actions: {
        serverSettingsSaved: (server) => set({ server }),
        trainingStarted: () => set({ mode: 'training' }),
        liveStarted: () => set((s) => (s.server ? { mode: 'live' } : s)),
        localeChosen: (locale) => set({ locale }),
      },
    }),
    {
      name: 'loyalty-terminal.settings',
      version: 1,
      partialize: ({ mode, server, locale }) => ({ mode, server, locale }),
    },
  ),
);

export const useTerminalMode = () => useSettingsStore((s) => (s.server ? s.mode : 'training'));
export const useServerSettings = () => useSettingsStore((s) => s.server);
export const useLocale = () => useSettingsStore((s) => s.locale);
export const useSettingsActions = () => useSettingsStore((s) => s.actions);
