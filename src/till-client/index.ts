/**
 * The till's side of the loyalty terminal's hand-over protocol (docs/till-integration.md): no
 * framework, no dependencies. A till embeds the terminal (an iframe, or a window it opened) and:
 *
 *   const terminal = connectTerminal({ window: () => frame.contentWindow, origin: 'https://terminal.example' });
 *   const result = await terminal.pay({ reference: 'R-1001', amountDue: 4250, currency: 'EUR' });
 *
 * Every request is repeated until the terminal answers (the frame may still be loading, a message
 * may be lost); the terminal answers repeats from its durable record by reference, so a repeat
 * never pays twice. A `pay` waits for the pushed result and asks `status` now and then, so a result
 * lost in transit is found; after a reload the till calls `pay` again with the same reference
 * (or `status`) and gets the same sale.
 */
import {
  isTerminalMessage,
  PROTOCOL,
  VERSION,
  type TillRequest,
  type TillResult,
  type RefusalReason,
  type TerminalMessage,
} from './protocol.js';

export * from './protocol.js';

export interface TerminalClientOptions {
  /** The terminal's window: the iframe's contentWindow, or what window.open returned. */
  window: Window | (() => Window | null | undefined);
  /** The terminal's origin: messages go only there, and only its messages are read. */
  origin: string;
  /** How often an unanswered request is sent again (ms). */
  resendMs?: number;
  /** How long a request may go unanswered before it fails with `TerminalUnreachable` (ms). */
  requestTimeoutMs?: number;
  /** While a payment is under way: how often the terminal is asked for its status (ms). */
  pollMs?: number;
  /** The longest a `pay` waits for its result before failing with `TerminalTimeout` (ms). */
  payTimeoutMs?: number;
  /** The window the terminal's messages arrive at (tests, popups): the current one by default. */
  listenOn?: Window;
}

export interface PayRequest {
  reference: string;
  amountDue: number;
  currency: string;
  basket?: { text: string; amount?: number }[];
  allowedKinds?: ('giftCard' | 'loyaltyCard' | 'storeCredit')[];
}

export type StatusAnswer =
  | { state: 'in_progress' | 'unknown_reference'; reference: string }
  | { state: 'finished'; reference: string; result: TillResult };

/** The terminal said no: `reason` is machine-readable, `message` says why in words. */
export class TerminalRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    readonly reference?: string,
  ) {
    super(message);
    this.name = 'TerminalRefused';
  }
}

/** No answer within the time allowed. Nothing is lost: ask `status` (or `pay` again) with the same reference. */
export class TerminalTimeout extends Error {
  constructor(
    readonly reference: string,
    what: string,
  ) {
    super(`No ${what} from the terminal in time for ${reference}: ask its status again.`);
    this.name = 'TerminalTimeout';
  }
}

type Body = TillRequest extends infer R
  ? R extends TillRequest
    ? Omit<R, 'protocol' | 'version' | 'id'>
    : never
  : never;

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function connectTerminal(options: TerminalClientOptions) {
  const resendMs = options.resendMs ?? 1000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 20_000;
  const pollMs = options.pollMs ?? 4000;
  const payTimeoutMs = options.payTimeoutMs ?? 30 * 60_000;
  const listenOn = options.listenOn ?? window;
  const target = () => (typeof options.window === 'function' ? options.window() : options.window) ?? null;

  const replies = new Map<string, (m: TerminalMessage) => void>();
  const results = new Map<string, Set<(r: TillResult) => void>>();
  const changes = new Set<(r: TillResult) => void>();

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== options.origin || !isTerminalMessage(event.data)) return;
    const source = target();
    if (source && event.source !== source) return;
    const message = event.data;
    if ('inReplyTo' in message && message.inReplyTo) replies.get(message.inReplyTo)?.(message);
    if (message.type === 'result') for (const waiter of results.get(message.reference) ?? []) waiter(message.result);
    if (message.type === 'result' && message.changed) for (const listener of changes) listener(message.result);
  };
  listenOn.addEventListener('message', onMessage);

  /** Requests on their way, by id: the same id asked again (a refund pressed twice) shares the first's answer. */
  const onTheirWay = new Map<string, Promise<TerminalMessage>>();

  /** One request, sent again until answered. */
  function request(body: Body, id = randomId()): Promise<TerminalMessage> {
    // The same id with another body (another amount) is its own request: the terminal refuses it.
    const key = `${id} ${JSON.stringify(body)}`;
    const already = onTheirWay.get(key);
    if (already) return already;
    const asked = send(body, id).finally(() => onTheirWay.delete(key));
    onTheirWay.set(key, asked);
    return asked;
  }

  function send(body: Body, id: string): Promise<TerminalMessage> {
    const message = { protocol: PROTOCOL, version: VERSION, id, ...body } as TillRequest;
    return new Promise((resolve, reject) => {
      const send = () => target()?.postMessage(message, options.origin);
      const resend = setInterval(send, resendMs);
      const timeout = setTimeout(
        () => finish(() => reject(new TerminalTimeout(body.reference, 'answer'))),
        requestTimeoutMs,
      );
      const finish = (then: () => void) => {
        clearInterval(resend);
        clearTimeout(timeout);
        replies.delete(id);
        then();
      };
      replies.set(id, (reply) =>
        finish(() =>
          reply.type === 'refused'
            ? reject(new TerminalRefused(reply.reason, reply.message, reply.reference))
            : resolve(reply),
        ),
      );
      send();
    });
  }

  const asStatus = (reply: TerminalMessage, reference: string): StatusAnswer =>
    reply.type === 'result'
      ? { state: 'finished', reference, result: reply.result }
      : { state: reply.type === 'status' ? reply.state : 'in_progress', reference };

  async function status(reference: string): Promise<StatusAnswer> {
    return asStatus(await request({ type: 'status', reference }), reference);
  }

  /** Waits for a sale's result: pushed by the terminal, or found by asking. */
  function resultOf(reference: string, timeoutMs: number): Promise<TillResult> {
    return new Promise((resolve, reject) => {
      const waiters = results.get(reference) ?? new Set();
      results.set(reference, waiters);
      let stopped = false;
      const done = (then: () => void) => {
        if (stopped) return;
        stopped = true;
        waiters.delete(waiter);
        if (waiters.size === 0) results.delete(reference);
        clearInterval(poll);
        clearTimeout(timeout);
        then();
      };
      const waiter = (result: TillResult) => done(() => resolve(result));
      waiters.add(waiter);
      const poll = setInterval(() => {
        status(reference).then(
          (s) => {
            if (s.state === 'finished') waiter(s.result);
            else if (s.state === 'unknown_reference')
              done(() =>
                reject(
                  new TerminalRefused('unknown_reference', 'The terminal has no sale with this reference.', reference),
                ),
              );
          },
          () => undefined,
        );
      }, pollMs);
      const timeout = setTimeout(() => done(() => reject(new TerminalTimeout(reference, 'result'))), timeoutMs);
    });
  }

  return {
    /**
     * Hands the amount due over; resolves with the result when the cashier is done (paid, partly
     * paid, canceled or unknown). Calling it again with the same reference resumes the same sale.
     * A result `settling` or `unknown` is not final: keep the goods until `onResultChanged` (or
     * `status`) gives one that is.
     */
    async pay(pay: PayRequest): Promise<TillResult> {
      const reply = await request({ type: 'pay', ...pay });
      if (reply.type === 'result') return reply.result;
      return resultOf(pay.reference, payTimeoutMs);
    },
    /** The stored outcome of a sale, or whether it is still in progress. */
    status,
    /** Takes back a sale not yet completed: holds released, loyalty payments voided. Resolves with the result (canceled). */
    async cancel(reference: string): Promise<TillResult | StatusAnswer> {
      const reply = await request({ type: 'cancel', reference });
      return reply.type === 'result' ? reply.result : asStatus(reply, reference);
    },
    /**
     * Takes back what is left of a completed sale: loyalty payments voided, card money given back as
     * store credit (or a gift card); `result.refund` says what went back how. Nothing to collect.
     */
    async reverse(reference: string): Promise<TillResult | StatusAnswer> {
      const reply = await request({ type: 'reverse', reference });
      return reply.type === 'result' ? reply.result : asStatus(reply, reference);
    },
    /**
     * Takes back `amount` (minor units) of a completed sale, at most what is left of it. `refundId`
     * names this refund: keep it before you call, and call again with the same one after a time-out,
     * a reload or a second press; it gives back once. A new id is a new refund.
     */
    async refund(reference: string, amount: number, refundId: string): Promise<TillResult | StatusAnswer> {
      const reply = await request({ type: 'refund', reference, amount }, refundId);
      return reply.type === 'result' ? reply.result : asStatus(reply, reference);
    },
    /**
     * Hears a finished sale's result sent again because a later answer changed it: an unknown
     * payment settled, or a commit sent again was refused once its hold had lapsed (less was paid:
     * `amountRemaining` is what is still to collect). Sent once per change by the terminal window
     * that took the sale, while it is open; a till that was not listening reads `status`. Returns
     * a function that stops listening.
     */
    onResultChanged(listener: (result: TillResult) => void): () => void {
      changes.add(listener);
      return () => changes.delete(listener);
    },
    /** Stops listening (pending promises stay pending until their own time-outs). */
    close() {
      listenOn.removeEventListener('message', onMessage);
    },
  };
}

export type TerminalClient = ReturnType<typeof connectTerminal>;
