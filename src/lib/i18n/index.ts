import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocale } from '@/lib/settings/store';
import { en, type MessageKey } from './en';
import { pick, type Message } from './message';

export type { MessageKey };

type Catalog = Record<MessageKey, Message>;

/** English is built in; other languages are their own chunk, loaded when a terminal speaks them. */
const catalogs: Record<string, Catalog> = { en };
const loaders: Record<string, () => Promise<Catalog>> = { de: () => import('./de').then((m) => m.de) };
const listeners = new Set<() => void>();
let loadedCount = 1;

/** Loads the catalog of this locale's language (once); resolves when it can be used. */
export async function loadCatalog(locale: string): Promise<void> {
  const language = locale.slice(0, 2);
  const load = loaders[language];
  if (catalogs[language] || !load) return;
  catalogs[language] = await load();
  loadedCount += 1;
  for (const listener of listeners) listener();
}

export function translate(locale: string, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const catalog = catalogs[locale.slice(0, 2)] ?? en;
  const text = pick(catalog[key] ?? en[key], locale, vars.count);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The translate function for the terminal's locale. Texts are plain strings: never rendered as HTML. */
export function useT() {
  const locale = useLocale();
  const loaded = useSyncExternalStore(subscribe, () => loadedCount);
  useEffect(() => void loadCatalog(locale), [locale]);
  return useCallback(
    (key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `loaded` changes when a catalog arrives: translate again.
    [locale, loaded],
  );
}
