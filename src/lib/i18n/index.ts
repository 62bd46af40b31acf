import { useCallback } from 'react';
import { useLocale } from '@/lib/settings/store';
import { de } from './de';
import { en, type MessageKey } from './en';

export type { MessageKey };

const catalogs: Record<string, Record<MessageKey, string>> = { en, de };

export function translate(locale: string, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const catalog = catalogs[locale.slice(0, 2)] ?? en;
  return (catalog[key] ?? en[key]).replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The translate function for the terminal's locale. Texts are plain strings: never rendered as HTML. */
export function useT() {
  const locale = useLocale();
  return useCallback((key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars), [locale]);
}
