import { de } from '../../src/lib/i18n/de';
import { en } from '../../src/lib/i18n/en';
import { enMore } from '../../src/lib/i18n/en-more';
import { pick, type Message } from '../../src/lib/i18n/message';

/** A key of the terminal's message catalogues (what a screen calls a button, a field, a state). */
export type WordKey = keyof typeof en | keyof typeof enMore;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The terminal's own words in its language, so that the page objects find what a person reads by
 * its name: the same catalogues the terminal shows (src/lib/i18n), English or German.
 */
export function wordsFor(locale: string) {
  const english: Record<string, Message> = { ...en, ...enMore };
  const catalog: Record<string, Message> = locale.toLowerCase().startsWith('de') ? de : english;
  const message = (key: WordKey): Message => catalog[key] ?? english[key] ?? key;
  return {
    /** The text, with its values. */
    text(key: WordKey, vars: Record<string, string | number> = {}): string {
      return pick(message(key), locale, vars.count).replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in vars ? String(vars[name]) : whole,
      );
    },
    /** The text as a pattern: what a value stands for matches anything. `whole`: the name is the whole text. */
    pattern(key: WordKey, whole = false): RegExp {
      const forms = ((m) => (typeof m === 'string' ? [m] : Object.values(m)))(message(key));
      const body = forms.map((f) => escape(f).replace(/\\\{\w+\\\}/g, '.*')).join('|');
      return new RegExp(whole ? `^(?:${body})$` : `(?:${body})`);
    },
  };
}

export type Words = ReturnType<typeof wordsFor>;
