import type { en } from './en';
import { enMore } from './en-more';
import { addEnglish, translateAny, useTranslate, type Translate, type VarsOf } from './translate';

/** The whole English catalogue's type: what every other language must supply, key by key. */
export type Catalog = typeof en & typeof enMore;
/** Every text's key: the first screen's (en.ts) and the rest's (en-more.ts). */
export type MessageKey = keyof Catalog;

// The texts of every screen after the first arrive with this module: whatever imports it can show them.
addEnglish(enMore);

/** The translate function for the terminal's locale. Texts are plain strings: never rendered as HTML. */
export const useT = (): Translate<Catalog> => useTranslate<Catalog>();

export type T = Translate<Catalog>;

/** The translate function for a locale, outside a component (a slip, a note, a report, another window). */
export const translator =
  (locale: string): T =>
  (key, ...vars) =>
    translateAny(locale, key, vars[0]);

/** One text in a locale, outside a component. */
export const translate = <K extends MessageKey>(locale: string, key: K, ...vars: VarsOf<Catalog[K]>): string =>
  translateAny(locale, key, vars[0]);
