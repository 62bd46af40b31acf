import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en as enFirst } from './en';
import { enMore } from './en-more';
import type { Message } from './message';
import { translate } from './index';
import { loadCatalog } from './translate';

const en = { ...enFirst, ...enMore };

const catalogs: Record<string, Record<string, Message>> = { en, de };
const forms = (m: Message) => (typeof m === 'string' ? [m] : Object.values(m));
const placeholders = (m: Message) => [...new Set(forms(m).flatMap((f) => f.match(/\{\w+\}/g) ?? []))].sort();

describe('message catalogues', () => {
  it.each(Object.keys(catalogs))('%s has every key the others have, and nothing else', (language) => {
    const keys = new Set(Object.keys(catalogs[language] ?? {}));
    for (const [other, catalog] of Object.entries(catalogs)) {
      const missing = Object.keys(catalog).filter((k) => !keys.has(k));
      expect(missing, `keys of ${other} missing in ${language}`).toEqual([]);
    }
  });

  it('each text takes the same values in every language, and a plural text has its "other" form', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      for (const [language, catalog] of Object.entries(catalogs)) {
        const message = catalog[key];
        expect(message, `${language} ${key}`).toBeDefined();
        if (!message) continue;
        expect(placeholders(message), `${language} ${key}`).toEqual(placeholders(en[key]));
        if (typeof message !== 'string') expect(message.other, `${language} ${key}`).toBeTypeOf('string');
      }
    }
  });

  it("the first screen's English texts and the rest do not overlap", () => {
    expect(Object.keys(enFirst).filter((k) => k in enMore)).toEqual([]);
  });

  it('counts follow the language’s plural rules, not "(s)"', async () => {
    await loadCatalog('de-DE');
    expect(translate('en-IE', 'sale.waiting', { count: 1 })).toBe('1 operation waiting to reach the server');
    expect(translate('en-IE', 'sale.waiting', { count: 3 })).toBe('3 operations waiting to reach the server');
    expect(translate('en-IE', 'journal.attentionCount', { count: 1 })).toBe('1 operation needs a manager');
    expect(translate('de-DE', 'sale.waiting', { count: 1 })).toBe('1 Vorgang wartet auf den Server');
    expect(translate('de-DE', 'sale.waiting', { count: 2 })).toBe('2 Vorgänge warten auf den Server');
    expect(translate('en-IE', 'manager.wrongPin', { count: 1 })).toBe(
      'Wrong PIN. 1 try left before the PIN pad locks.',
    );
    expect(translate('de-DE', 'manager.wrongPin', { count: 1 })).toBe(
      'Falsche PIN. Noch 1 Versuch, dann wird gesperrt.',
    );
    expect(translate('de-DE', 'manager.wrongPin', { count: 2 })).toBe(
      'Falsche PIN. Noch 2 Versuche, dann wird gesperrt.',
    );
    for (const catalog of Object.values(catalogs)) {
      expect(
        Object.values(catalog)
          .flatMap(forms)
          .filter((f) => /\w\((s|en|n)\)/.test(f)),
      ).toEqual([]);
    }
  });
});
