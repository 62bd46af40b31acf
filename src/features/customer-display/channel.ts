import * as v from 'valibot';
import { externalMethods } from '@/domain/tender-line';
import type { DisplayView } from './view';

export { DISPLAY_CHANNEL, DISPLAY_PATH, DISPLAY_WINDOW } from './channel-names';

/**
 * `hello`: a display asks for the sale (of the window `tab`, once it follows one); `ask`: a terminal
 * window (`tab`) started, a reload too, and asks any display there to say hello; `view`: a window's sale.
 */
export type DisplayMessage =
  { type: 'hello'; tab?: string } | { type: 'ask'; tab?: string } | { type: 'view'; tab: string; view: DisplayView };

const tab = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

const minor = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** A locale Intl takes (a malformed one would throw while the display draws). */
const isLocale = (tag: string) => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};
const view = v.object({
  training: v.boolean(),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  locale: v.pipe(v.string(), v.maxLength(20), v.check(isLocale)),
  status: v.picklist(['idle', 'open', 'completed', 'voided']),
  due: minor,
  paid: minor,
  remaining: minor,
  confirming: v.optional(v.boolean()),
  tenders: v.pipe(
    v.array(
      v.object({
        kind: v.picklist(['giftCard', 'loyaltyCard', 'storeCredit', 'external']),
        // Four digits at most: the display never shows more of a card number, whoever sent it.
        last4: v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{0,4}$/)),
        method: v.optional(v.picklist(externalMethods)),
        label: v.optional(v.pipe(v.string(), v.maxLength(40))),
        amount: minor,
        balanceAfter: v.optional(minor),
      }),
    ),
    v.maxLength(50),
  ),
});
const message = v.variant('type', [
  v.object({ type: v.literal('hello'), tab: v.optional(tab) }),
  v.object({ type: v.literal('ask'), tab: v.optional(tab) }),
  v.object({ type: v.literal('view'), tab, view }),
]);

/** A message on the channel, checked; null when it is not one of ours or not well formed. */
export function readDisplayMessage(data: unknown): DisplayMessage | null {
  const parsed = v.safeParse(message, data);
  return parsed.success ? (parsed.output as DisplayMessage) : null;
}
