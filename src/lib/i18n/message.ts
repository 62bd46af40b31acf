/**
 * One text of a catalog: a sentence, or one sentence per plural category of the language
 * (`other` always; `one`, `two`, `few`, `many`, `zero` where the language has them), chosen by
 * Intl.PluralRules from the `count` it is given.
 */
export type Message = string | ({ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>);

const rules = new Map<string, Intl.PluralRules>();

/** The sentence for these values: a plural text takes the form of `count`'s category in `locale`. */
export function pick(message: Message, locale: string, count: unknown): string {
  if (typeof message === 'string') return message;
  let plural = rules.get(locale);
  if (!plural) rules.set(locale, (plural = new Intl.PluralRules(locale)));
  return (typeof count === 'number' ? message[plural.select(count)] : undefined) ?? message.other;
}
