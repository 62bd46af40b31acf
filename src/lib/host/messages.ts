import { z } from 'zod';
import { instrumentKinds } from '@/domain/instrument';
import { PROTOCOL, VERSION, type HostRequest, type RefusalReason } from '@/host-client/protocol';

/** The largest amount a till may hand over: 99 999 999 minor units, as the amount fields allow. */
export const MAX_HOST_AMOUNT = 99_999_999;

const reference = z.string().regex(/^[\w.:/#-]{1,64}$/, { message: 'bad_reference' });
const id = z.string().min(1).max(100);
const base = { protocol: z.literal(PROTOCOL), version: z.literal(VERSION), id, reference };

const pay = z.object({
  ...base,
  type: z.literal('pay'),
  amountDue: z.number({ message: 'bad_amount' }).int({ message: 'bad_amount' }).min(1, { message: 'bad_amount' }).max(MAX_HOST_AMOUNT, { message: 'bad_amount' }),
  currency: z.string({ message: 'bad_currency' }).regex(/^[A-Z]{3}$/, { message: 'bad_currency' }),
  basket: z.array(z.object({ text: z.string().max(60), amount: z.number().int().safe().optional() })).max(100).optional(),
  allowedKinds: z.array(z.enum(instrumentKinds, { message: 'bad_kinds' }), { message: 'bad_kinds' }).min(1, { message: 'bad_kinds' }).optional(),
});

const request = z.discriminatedUnion('type', [
  pay,
  z.object({ ...base, type: z.literal('status') }),
  z.object({ ...base, type: z.literal('cancel') }),
  z.object({ ...base, type: z.literal('reverse') }),
]);

export type Refusal = { reason: RefusalReason; message: string; id?: string | undefined; reference?: string | undefined };
export type ReadRequest = { ok: true; request: HostRequest } | { ok: false; refusal: Refusal } | null;

const words: Record<RefusalReason, string> = {
  bad_message: 'The message is not a request of this protocol (type, id and reference are required).',
  unsupported_version: `This terminal speaks version ${VERSION} of the protocol.`,
  bad_reference: 'The reference must be 1 to 64 letters, digits or . _ : / # -',
  bad_amount: `amountDue must be a whole number of minor units from 1 to ${MAX_HOST_AMOUNT}.`,
  bad_currency: 'The currency is not the one this terminal works in.',
  bad_kinds: 'allowedKinds must name at least one of giftCard, loyaltyCard, storeCredit.',
  reference_conflict: 'This reference was already used for another amount or currency.',
  busy: 'The cashier is in the middle of another sale or payment. Try again in a moment.',
  unknown_reference: 'No sale with this reference.',
  not_cancelable: 'The sale is completed: ask for a reversal instead.',
  not_reversible: 'Only a completed sale can be reversed.',
  no_record: 'The terminal cannot keep a durable record here (its browser storage is blocked or failing), so it starts nothing. Open it from the till’s own site or as its own window.',
};

export const refusalText = (reason: RefusalReason) => words[reason];

/**
 * A message from a till, checked. Null when it is not this protocol at all (other scripts post
 * messages too: they get no answer); a refusal with its reason when it is, but cannot be taken.
 */
export function readHostRequest(data: unknown, currency: string): ReadRequest {
  if (typeof data !== 'object' || data === null || (data as { protocol?: unknown }).protocol !== PROTOCOL) return null;
  const raw = data as Record<string, unknown>;
  const ids = { id: typeof raw.id === 'string' ? raw.id.slice(0, 100) : undefined, reference: typeof raw.reference === 'string' && reference.safeParse(raw.reference).success ? raw.reference : undefined };
  const refuse = (reason: RefusalReason): ReadRequest => ({ ok: false, refusal: { reason, message: words[reason], ...ids } });
  if (raw.version !== VERSION) return refuse('unsupported_version');
  const parsed = request.safeParse(data);
  if (!parsed.success) {
    const known = parsed.error.issues.map((i) => i.message).find((m): m is RefusalReason => m in words);
    return refuse(known ?? 'bad_message');
  }
  const r = parsed.data;
  if (r.type === 'pay' && r.currency !== currency) return refuse('bad_currency');
  // zod's output has `| undefined` on optional fields; the protocol's type leaves them out.
  return { ok: true, request: JSON.parse(JSON.stringify(r)) as HostRequest };
}
