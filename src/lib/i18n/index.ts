import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocale } from '@/lib/settings/store';
import { en } from './en';
import type { enMore } from './en-more';
import { pick, type Message } from './message';

/** Every text's key: the first screen's (en.ts) and the rest's (en-more.ts). */
export type MessageKey = keyof typeof en | keyof typeof enMore;

type Catalog = Record<MessageKey, Message>;

/**
 * English is the fallback. Its first screen's texts are in the first download; the rest arrive
 * with the first lazy screen (`withTexts`). Other languages are their own chunk, loaded whole when
 * a terminal speaks them.
 */
const english: Partial<Catalog> = { ...en };
const catalogs: Record<string, Partial<Catalog>> = { en: english };
const loaders: Record<string, () => Promise<Catalog>> = { de: () => import('./de').then((m) => m.de) };
const listeners = new Set<() => void>();
let loadedCount = 1;

const loaded = () => {
  loadedCount += 1;
  for (const listener of listeners) listener();
};

let more: Promise<void> | null = null;
/** The English texts of every screen after the first (once). */
export function loadTexts(): Promise<void> {
  more ??= import('./en-more').then((m) => {
    Object.assign(english, m.enMore);
    loaded();
  });
  more.catch(() => {
    more = null;
  });
  return more;
}

/** A lazy chunk's loader that also brings the texts it shows: the screen never renders a key. */
export function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadTexts()]).then(([module]) => module);
}

/** Loads the catalog of this locale's language (once); resolves when it can be used. */
export async function loadCatalog(locale: string): Promise<void> {
  const language = locale.slice(0, 2);
  const load = loaders[language];
  if (catalogs[language] || !load) return;
  catalogs[language] = await load();
  loaded();
}

export function translate(locale: string, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const message = catalogs[locale.slice(0, 2)]?.[key] ?? english[key];
  // Every loader brings its texts first (withTexts); a key on screen would be a bug, not a crash.
  if (message === undefined) return key;
  const text = pick(message, locale, vars.count);
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
