import * as v from 'valibot';
import { instrumentKinds } from '@/domain/instrument';
import { PROTOCOL, VERSION, type TillRequest, type RefusalReason } from '@/till-client/protocol';

/** The largest amount a till may hand over: 99 999 999 minor units, as the amount fields allow. */
const MAX_HOST_AMOUNT = 99_999_999;

const reference = v.pipe(v.string(), v.regex(/^[\w.:/#-]{1,64}$/, 'bad_reference'));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const base = { protocol: v.literal(PROTOCOL), version: v.literal(VERSION), id, reference };

const pay = v.object({
  ...base,
  type: v.literal('pay'),
  amountDue: v.pipe(
    v.number('bad_amount'),
    v.safeInteger('bad_amount'),
    v.minValue(1, 'bad_amount'),
    v.maxValue(MAX_HOST_AMOUNT, 'bad_amount'),
  ),
  currency: v.pipe(v.string('bad_currency'), v.regex(/^[A-Z]{3}$/, 'bad_currency')),
  basket: v.optional(
    v.pipe(
      v.array(
        v.object({
          text: v.pipe(v.string(), v.maxLength(60)),
          amount: v.optional(v.pipe(v.number(), v.safeInteger())),
        }),
      ),
      v.maxLength(100),
    ),
  ),
  allowedKinds: v.optional(
    v.pipe(v.array(v.picklist(instrumentKinds, 'bad_kinds'), 'bad_kinds'), v.minLength(1, 'bad_kinds')),
  ),
});

const request = v.variant('type', [
  pay,
  v.object({ ...base, type: v.literal('status') }),
  v.object({ ...base, type: v.literal('cancel') }),
  v.object({ ...base, type: v.literal('reverse') }),
  v.object({
    ...base,
    type: v.literal('refund'),
    amount: v.pipe(
      v.number('bad_amount'),
      v.safeInteger('bad_amount'),
      v.minValue(1, 'bad_amount'),
      v.maxValue(MAX_HOST_AMOUNT, 'bad_amount'),
    ),
  }),
]);

export type Refusal = {
  reason: RefusalReason;
  message: string;
  id?: string | undefined;
  reference?: string | undefined;
};
export type ReadRequest = { ok: true; request: TillRequest } | { ok: false; refusal: Refusal } | null;

const words: Record<RefusalReason, string> = {
  bad_message:
    'The message is not a request of this protocol: type, id and reference are required; a basket has at most 100 items, each a text of at most 60 characters and an optional whole amount in minor units.',
  unsupported_version: `This terminal speaks version ${VERSION} of the protocol.`,
  bad_reference: 'The reference must be 1 to 64 letters, digits or . _ : / # -',
  bad_amount: `The amount (amountDue, or a refund's amount) must be a whole number of minor units from 1 to ${MAX_HOST_AMOUNT}.`,
  bad_currency: 'The currency is not the one this terminal works in.',
  bad_kinds: 'allowedKinds must name at least one of giftCard, loyaltyCard, storeCredit.',
  reference_conflict: 'This reference was already used for another amount or currency.',
  busy: 'The cashier is in the middle of another sale or payment. Try again in a moment.',
  unknown_reference: 'No sale with this reference.',
  not_cancelable: 'The sale is completed: ask for a reversal instead.',
  not_reversible: 'Only a completed sale can be reversed.',
  over_returnable: 'More than is left of this sale to give back: nothing was given back.',
  no_record:
    'The terminal cannot keep a durable record here (its browser storage is blocked or failing), so it starts nothing. Open it from the till’s own site or as its own window.',
};

export const refusalText = (reason: RefusalReason) => words[reason];

/** `reference_conflict` for a refund whose id an earlier refund of another amount used. */
export const refundIdReusedText = 'This refund id was used for another amount: nothing was given back. Use a new id.';

/** `not_reversible` when the Loyalty server refused every part of a `reverse` or `refund`. */
export const serverRefusedText =
  'The Loyalty server refused to give this back: nothing was given back. Ask again with a new id, or give it back another way.';

/** A sale the till started while the terminal worked with another server (or in training). */
export const otherServerText =
  'This sale was made while the terminal worked with another Loyalty server (or in training): it can be read, but not changed, until the terminal works with that server again.';

/** `busy` for a `pay` whose sale is open in another window of the terminal: the cashier finishes it there. */
export const otherWindowText =
  'This sale is open in another window of the terminal: the cashier finishes it there. Ask its status (or pay again with the same reference) for its result.';

/** `not_reversible` when a link asked for more than a cashier alone may give back, with no manager's PIN. */
export const managerNeededText =
  'More than a cashier alone may give back of this sale: a manager must confirm it with the PIN at the terminal. Nothing was given back.';

/**
 * A message from a till, checked. Null when it is not this protocol at all (other scripts post
 * messages too: they get no answer); a refusal with its reason when it is, but cannot be taken.
 */
export function readTillRequest(data: unknown, currency: string): ReadRequest {
  if (typeof data !== 'object' || data === null || (data as { protocol?: unknown }).protocol !== PROTOCOL) return null;
  const raw = data as Record<string, unknown>;
  const ids = {
    id: typeof raw.id === 'string' ? raw.id.slice(0, 100) : undefined,
    reference: typeof raw.reference === 'string' && v.is(reference, raw.reference) ? raw.reference : undefined,
  };
  const refuse = (reason: RefusalReason): ReadRequest => ({
    ok: false,
    refusal: { reason, message: words[reason], ...ids },
  });
  if (raw.version !== VERSION) return refuse('unsupported_version');
  const parsed = v.safeParse(request, data);
  if (!parsed.success) {
    const known = parsed.issues.map((i) => i.message).find((m): m is RefusalReason => m in words);
    return refuse(known ?? 'bad_message');
  }
  const r = parsed.output;
  if (r.type === 'pay' && r.currency !== currency) return refuse('bad_currency');
  // The parsed output has `| undefined` on optional fields; the protocol's type leaves them out.
  return { ok: true, request: JSON.parse(JSON.stringify(r)) as TillRequest };
}

/** `#/pay?amountDue=…&currency=…&reference=…&callback=…` (and status, cancel, reverse, refund): the URL transport. */
export function urlRequest(hash: string) {
  const match = /^#\/(pay|status|cancel|reverse|refund)\?(.*)$/.exec(hash);
  if (!match) return null;
  const params = new URLSearchParams(match[2]);
  const amount = params.get('amountDue');
  const kinds = params.get('allowedKinds');
  return {
    callback: params.get('callback'),
    data: {
      protocol: PROTOCOL,
      version: VERSION,
      // A refund names itself (`id`): the same id again gives back once; another id is another refund.
      // One without an id is refused (an empty id is not one): a default would make every later
      // refund of the sale "the same" as the first, answered from it with nothing given back.
      id: params.get('id') ?? (match[1] === 'refund' ? '' : `url:${match[1]}`),
      type: match[1],
      reference: params.get('reference') ?? '',
      ...(match[1] === 'pay'
        ? {
            amountDue: amount !== null && /^\d{1,9}$/.test(amount) ? Number(amount) : Number.NaN,
            currency: params.get('currency') ?? '',
          }
        : {}),
      ...(match[1] === 'refund'
        ? { amount: /^\d{1,9}$/.test(params.get('amount') ?? '') ? Number(params.get('amount')) : Number.NaN }
        : {}),
      ...(kinds ? { allowedKinds: kinds.split(',') } : {}),
    },
  };
}
