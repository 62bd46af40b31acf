import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocale } from '@/lib/settings/store';
import { en } from './en';
import { pick, type Message } from './message';

/** The keys of the first screen's English texts (en.ts): the only ones the first download carries. */
export type FirstScreenKey = keyof typeof en;

/** The `{name}` placeholders of a text, as a union of names. */
type Names<S> = S extends `${string}{${infer N}}${infer Rest}` ? N | Names<Rest> : never;
/** Every form of a message (a sentence, or one per plural category). */
type Forms<M> = M extends string ? M : M[keyof M];
/** The values a text takes: exactly its placeholders (none: no values). */
export type VarsOf<M> = M extends unknown
  ? [Names<Forms<M>>] extends [never]
    ? [vars?: Record<string, never>]
    : [vars: Record<Names<Forms<M>>, string | number>]
  : never;

/**
 * Translates a key of catalogue C for the terminal's locale, with the values its placeholders name
 * (typed: a missing or misspelt value does not compile). Plain strings, never rendered as HTML.
 */
export type Translate<C> = <K extends keyof C & string>(key: K, ...vars: VarsOf<C[K]>) => string;

/**
 * English is the fallback. Its first screen's texts (en.ts) are here from the start; the rest
 * (en-more.ts) come with the code that shows them: `./index.ts` adds them as it is imported, and
 * only a module that imports it can ask for them (FirstScreenKey and MessageKey are the two
 * types). Other languages are their own chunk, loaded whole when a terminal speaks them.
 */
const english: Record<string, Message> = { ...en };
const catalogs: Record<string, Record<string, Message>> = { en: english };
const loaders: Record<string, () => Promise<Record<string, Message>>> = {
  de: () => import('./de').then((m) => m.de),
};
const listeners = new Set<() => void>();
let loadedCount = 1;

const loaded = () => {
  loadedCount += 1;
  for (const listener of listeners) listener();
};

/** The English texts of every screen after the first, added once by ./index.ts as it is imported. */
export function addEnglish(texts: Record<string, Message>): void {
  Object.assign(english, texts);
  loaded();
}

/** Loads the catalog of this locale's language (once); resolves when it can be used. */
export async function loadCatalog(locale: string): Promise<void> {
  const language = locale.slice(0, 2);
  const load = loaders[language];
  if (catalogs[language] || !load) return;
  catalogs[language] = await load();
  loaded();
}

export function translateAny(locale: string, key: string, vars: Record<string, string | number> = {}): string {
  const message = catalogs[locale.slice(0, 2)]?.[key] ?? english[key];
  // The key types make this unreachable; a key on screen would be a bug, not a crash.
  if (message === undefined) return key;
  const text = pick(message, locale, vars.count);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The translate function for the terminal's locale, for catalogue C's keys (see useT and useFirstScreenT). */
export function useTranslate<C>(): Translate<C> {
  const locale = useLocale();
  const count = useSyncExternalStore(subscribe, () => loadedCount);
  useEffect(() => void loadCatalog(locale), [locale]);
  return useCallback<Translate<C>>(
    (key, ...vars) => translateAny(locale, key, vars[0]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `count` changes when a catalog arrives: translate again.
    [locale, count],
  );
}

/** For the first download's own screens (the shell, the amount due, the sign-on): their texts only. */
export const useFirstScreenT = (): Translate<typeof en> => useTranslate<typeof en>();
