import { faultSetting, type FaultTarget } from '../../src/features/training/fault-targets';
import { magicCards } from '../../src/simulator/magic-cards';
import { amountText, majorUnits, type Amount } from './amounts';
import { builtInSeries, checkedAccess, demoAccess, type LoyaltyServerAccess, type Series } from './server-access';

export { builtInSeries, checkedAccess, type LoyaltyServerAccess, type Series };

/** What a test asks the server to fail: one kind of operation (or any), one way. */
export type Operation = 'any' | 'lookup' | 'pay' | 'commit' | 'cancel' | 'voidPayment' | 'issue';
export type Failure = 'serverError' | 'answerLost' | 'timeout' | 'unavailable' | 'rateLimited';

/** A card as the server has it now, amounts as a test writes them. */
export interface CardState {
  number: string;
  kind: 'giftCard' | 'storeCredit' | 'loyaltyCard';
  seriesNumber: string;
  /** Current balance (amountNet). */
  balance: Amount;
  /** Held by pending authorizations. */
  onHold: Amount;
  /** What can be spent now: balance less holds less floor. */
  available: Amount;
  /** Gift card and store credit: 'notIssued' | 'issued' | 'expired'; loyalty card: 'new' | 'open' | 'closed' | 'canceled'. */
  status: string;
}

/** A hold (authorization) on a gift card or store credit, as the server has it now. */
export interface Hold {
  authCode: string;
  card: string;
  amount: Amount;
  status: 'pending' | 'committed' | 'canceled' | 'expired';
  transactionId: string;
}

/** A loyalty card payment, as the server has it now. */
export interface LoyaltyPayment {
  card: string;
  requested: Amount;
  approved: Amount;
  result: 'approved' | 'partiallyApproved' | 'denied';
  denialReason?: 'insufficient_funds' | 'card_not_open' | 'expired';
  voided: boolean;
  transactionId: string;
}

/** One operation the server applied, from its own journal. */
export interface JournalEntry {
  at: string;
  operation: string;
  kind: 'giftCard' | 'storeCredit' | 'loyaltyCard';
  card: string;
  amount?: Amount;
  result?: string;
  transactionId: string;
}

/** The server's whole state, for assertions. */
export interface ServerState {
  cards: CardState[];
  holds: Hold[];
  loyaltyPayments: LoyaltyPayment[];
  journal: JournalEntry[];
}

export interface GiftCardOptions {
  balance?: Amount;
  /** 'issued' (the default), 'notIssued' (to sell it) or 'expired'. */
  status?: 'issued' | 'notIssued' | 'expired';
  /** A series of this server (giftCardSeries(), a built-in one); by default its first gift card series (the built-in 'GC1'). */
  series?: string;
  /** The number, if the test needs a particular one (else the next free one of the series). */
  number?: string;
}

export interface LoyaltyCardOptions {
  balance?: Amount;
  status?: 'new' | 'open' | 'closed' | 'canceled';
  /** An expiry date (YYYY-MM-DD) in the past makes payments denied 'expired'. */
  expires?: string;
  number?: string;
}

export interface StoreCreditOptions {
  balance?: Amount;
  status?: 'issued' | 'notIssued' | 'expired';
  number?: string;
}

export interface SeriesOptions {
  /** Every card sold at this amount (gift cards). */
  fixedAmount?: Amount;
  /** The server gives the number (printed on the spot); else cards are pre-numbered. */
  livePrinted?: boolean;
}

const failures: Record<Failure, 'error500' | 'drop' | 'timeout' | 'unavailable' | 'rateLimited'> = {
  serverError: 'error500',
  answerLost: 'drop',
  timeout: 'timeout',
  unavailable: 'unavailable',
  rateLimited: 'rateLimited',
};
const targets: Record<Operation, FaultTarget> = {
  any: 'any',
  lookup: 'lookup',
  pay: 'payment',
  commit: 'commit',
  cancel: 'cancel',
  voidPayment: 'void',
  issue: 'issue',
};

const loyaltyStatus = { new: 0, open: 1, closed: 2, canceled: 4 } as const;
const loyaltyStatusName = { 0: 'new', 1: 'open', 2: 'closed', 4: 'canceled' } as const;
const magicNumbers = new Set<string>(Object.values(magicCards).flatMap((group) => Object.values(group)));

/** A card number that is one of the kit's magic cards (its outcome fixed only on the kit's server or in training). */
export const isMagicCard = (number: string) => magicNumbers.has(number.replace(/[\s-]/g, ''));

/**
 * The Loyalty server a test talks to: the project's simulator (one per worker, in the test's own
 * Node process), its cards, faults, clock and state, over its HTTP control interface
 * (/_simulator/*, docs/testing-kit.md). Works as well against `npm run simulator` elsewhere.
 */
export class LoyaltyServer {
  /** Kept out of sight: not printed when the server is logged, compared or serialized (an integrator's secret). */
  readonly #token: string;
  readonly loyaltyGroup: string;
  readonly merchantId: string;
  readonly currency: string;
  /** The store's id the terminal sends (the demo's 12; unset: not sent). */
  readonly storeId: number | undefined;
  /** The workstation's id the terminal sends unless a step gives another (the demo's 3; unset: not sent). */
  readonly workstationId: number | undefined;
  /** The series this server has (its own, and added by this test): what the terminal is set up with. */
  readonly series: Series[];
  /** The series it has before a test adds any: what `reset()` goes back to. */
  private readonly ownSeries: readonly Series[];
  private counter = 0;
  /** Whether a terminal was set up with this server's series: one added later would not reach it. */
  private seriesHandedOver = false;

  constructor(
    /** The server's address, e.g. http://127.0.0.1:40123 (no trailing slash). */
    readonly url: string,
    private readonly worker = 0,
    /** The test's terminal is in training mode: it works with the simulator in its page, never with this server. */
    private readonly terminalInTraining = false,
    /** Its token, loyalty group, merchant, currency and series (the `loyaltyServerAccess` option); by default the simulator's demo ones. */
    access?: LoyaltyServerAccess,
  ) {
    const given = access === undefined ? demoAccess : checkedAccess(access);
    this.#token = given.token;
    this.loyaltyGroup = given.loyaltyGroup;
    this.merchantId = given.merchantId;
    this.currency = given.currency;
    this.storeId = given.storeId;
    this.workstationId = given.workstationId;
    this.ownSeries = given.series.map((s) => ({ ...s }));
    this.series = this.ownSeries.map((s) => ({ ...s }));
  }

  /** The access token the terminal sends (never printed by the kit). */
  get token(): string {
    return this.#token;
  }

  /** What a test sets up here reaches a terminal in training mode nowhere: said, not ignored. */
  private forTheTerminal(where: string): void {
    if (this.terminalInTraining)
      throw new Error(
        `${where}: this test's terminal is in training mode, where it works with the simulator in its own page, ` +
          "not with this server. Use the magic cards and terminal.trainer there, or mode 'live' for this server.",
      );
  }

  private simulator: Promise<boolean> | null = null;

  /** Whether this server is the project's simulator (its /_simulator/ interface answers): cards, faults, the clock and magic cards work there. */
  isSimulator(): Promise<boolean> {
    this.simulator ??= fetch(`${this.url}/_simulator/state`).then(
      (r) => r.ok,
      () => false,
    );
    return this.simulator;
  }

  /** The Loyalty API's base for this server's loyalty group. */
  get api(): string {
    return `${this.url}/loyalty/api/v1/pos/loyaltyGroups/${this.loyaltyGroup}`;
  }

  /** The series a terminal is set up with (its settings): from now on, `giftCardSeries()` refuses. */
  seriesForTerminal(): Series[] {
    this.seriesHandedOver = true;
    return this.series;
  }

  /** Back to the dataset the simulator started with: the test's own cards, series, holds, keys, faults and clock gone. */
  async reset(): Promise<void> {
    await this.control('POST', '/_simulator/reset');
    this.series.splice(0, this.series.length, ...this.ownSeries.map((s) => ({ ...s })));
  }

  /** The first series of this kind the terminal is set up with (the built-in GC1, LC1, SC1), or an error in words. */
  private firstSeries(kind: Series['kind'], where: string): Series {
    const series = this.series.find((s) => s.kind === kind);
    if (!series)
      throw new Error(
        `${where}: the terminal is set up with no ${kind} series (loyaltyServerAccess.series), so it would not know this card: add one.`,
      );
    return series;
  }

  /** A gift card of its own for this test; returns its number. */
  async giftCard(options: GiftCardOptions = {}): Promise<string> {
    const where = `giftCard(${JSON.stringify(options)})`;
    this.forTheTerminal(where);
    const balance = majorUnits(options.balance ?? '50.00', this.currency, where);
    const series = options.series ?? this.firstSeries('giftCard', where).seriesNumber;
    const number = options.number ?? this.nextNumber(this.prefixOf(series, where));
    await this.add({ giftCards: [this.holdCard(number, series, balance, options.status ?? 'issued')] }, where);
    return number;
  }

  /** Store credit of its own for this test; returns its number. */
  async storeCredit(options: StoreCreditOptions = {}): Promise<string> {
    const where = `storeCredit(${JSON.stringify(options)})`;
    this.forTheTerminal(where);
    const balance = majorUnits(options.balance ?? '30.00', this.currency, where);
    const series = this.firstSeries('storeCredit', where);
    const number = options.number ?? this.nextNumber(series.prefix);
    await this.add(
      { storeCredits: [this.holdCard(number, series.seriesNumber, balance, options.status ?? 'issued')] },
      where,
    );
    return number;
  }

  /** A loyalty card of its own for this test (Open, 100.00 unless told otherwise); returns its number. */
  async loyaltyCard(options: LoyaltyCardOptions = {}): Promise<string> {
    const where = `loyaltyCard(${JSON.stringify(options)})`;
    this.forTheTerminal(where);
    const balance = majorUnits(options.balance ?? '100.00', this.currency, where);
    const series = this.firstSeries('loyaltyCard', where);
    const number = options.number ?? this.nextNumber(series.prefix);
    const status = options.status ?? 'open';
    const card = {
      number,
      seriesNumber: series.seriesNumber,
      statusCode: loyaltyStatus[status],
      amountOriginal: 0,
      amountNet: balance,
      ...(status !== 'new' && { startDate: '2025-01-01' }),
      ...(options.expires && { expiryDate: options.expires }),
    };
    await this.add({ loyaltyCards: [card] }, where);
    return number;
  }

  /** A gift card series of its own (pre-numbered or live-printed, any or a fixed amount). */
  async giftCardSeries(options: SeriesOptions = {}): Promise<Series> {
    const where = `giftCardSeries(${JSON.stringify(options)})`;
    this.forTheTerminal(where);
    if (this.seriesHandedOver)
      throw new Error(
        `${where}: the terminal is set up with this server's series already, so it would not know this one. Add series before the terminal is set up (used, or given allowTill).`,
      );
    const fixed = options.fixedAmount ? majorUnits(options.fixedAmount, this.currency, where) : null;
    const n = this.series.length + 1;
    const series: Series = {
      seriesNumber: `KIT${this.worker}${n}`,
      prefix: `79${String(this.worker % 10)}${String(n).padStart(2, '0')}`,
      kind: 'giftCard',
      livePrinted: options.livePrinted ?? false,
      ...(options.fixedAmount && { fixedAmount: options.fixedAmount }),
    };
    await this.add(
      {
        giftCardSeries: [
          {
            seriesNumber: series.seriesNumber,
            prefix: series.prefix,
            length: 7,
            issueType: series.livePrinted ? 'livePrinted' : 'preIssued',
            fixedAmount: fixed,
            validityMonths: 36,
          },
        ],
      },
      where,
    );
    this.series.push(series);
    return series;
  }

  /**
   * Makes the next `times` operations of this kind fail this way (they reach the server as the wire
   * would carry them). The latency set by `latency()` stays; the simulator keeps one failure rule at
   * a time, so a second `fail` replaces what is left of the first.
   */
  async fail(operation: Operation, how: Failure, options: { times?: number } = {}): Promise<void> {
    this.forTheTerminal(`fail('${operation}', '${how}')`);
    const setting = faultSetting(targets[operation], 'error500', options.times ?? 1, 0);
    await this.setFaults({ ...(await this.faultsNow()), next: { ...setting.next, kind: failures[how] } });
  }

  /** Every API request waits this long first; the failure rule set by `fail()` stays. */
  async latency(ms: number): Promise<void> {
    this.forTheTerminal(`latency(${ms})`);
    await this.setFaults({ ...(await this.faultsNow()), latencyMs: ms });
  }

  /**
   * Runs a request of the kit's own (another till's) with the failure set by `fail()` set aside, then
   * puts it back as it was: the simulator counts a failure down on any API request that matches it.
   */
  private async besideTheFailure<T>(send: () => Promise<T>): Promise<T> {
    if (!(await this.isSimulator())) return send(); // a server with no failures of the kit's to keep
    const { next, ...rest } = await this.faultsNow();
    if (next === undefined) return send();
    await this.setFaults(rest);
    try {
      return await send();
    } finally {
      await this.setFaults({ ...(await this.faultsNow()), next });
    }
  }

  /** The fault setting in force (what is left of it). */
  private async faultsNow(): Promise<Record<string, unknown>> {
    return (await this.control('GET', '/_simulator/faults')) as Record<string, unknown>;
  }

  /** The simulator's fault setting as its interface takes it (loyalty-api.md section 7); `{}` clears it. */
  async setFaults(setting: Record<string, unknown>): Promise<void> {
    await this.control('POST', '/_simulator/faults', setting);
  }

  /** Moves the server's clock on, e.g. `advanceClock(16 * 60_000)`: pending holds lapse after 15 minutes. */
  async advanceClock(ms: number): Promise<void> {
    this.forTheTerminal(`advanceClock(${ms})`);
    await this.control('POST', '/_simulator/clock', { advanceMs: ms });
  }

  /**
   * Spends from a card as another till would: a hold of `amount` (it counts against what is available).
   * A failure set by `fail()` is kept for the terminal: this request is set aside from it, not counted.
   */
  async holdElsewhere(number: string, amount: Amount): Promise<Hold> {
    const where = `holdElsewhere('${number}', '${amount}')`;
    this.forTheTerminal(where);
    const transactionId = crypto.randomUUID();
    const body = JSON.stringify({
      amount: majorUnits(amount, this.currency, where),
      workstationData: { transactionId, reason: 'Another till' },
    });
    const response = await this.besideTheFailure(() =>
      fetch(`${this.api}/giftcards/${number}/_pay`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
        body,
      }),
    );
    if (response.status !== 201) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new Error(`${where}: the server refused it: ${body?.error?.message ?? response.status}`);
    }
    const hold = (await response.json()) as { authCode: string; amount: number; status: Hold['status'] };
    return {
      authCode: hold.authCode,
      card: number,
      amount: amountText(hold.amount, this.currency),
      status: hold.status,
      transactionId,
    };
  }

  /** The simulator's own view of its state (GET /_simulator/state: major units as numbers), for tests that read it as it is. */
  async simulatorState(): Promise<SimulatorView> {
    return (await this.control('GET', '/_simulator/state')) as SimulatorView;
  }

  /** The server's whole state now. */
  async state(): Promise<ServerState> {
    const raw = await this.simulatorState();
    const money = (major: number) => amountText(major, this.currency);
    return {
      cards: raw.instruments.map((i) => ({
        number: i.number,
        kind: i.kind,
        seriesNumber: i.seriesNumber,
        balance: money(i.amountNet),
        onHold: money(i.amountAuthorized),
        available: money(Math.max(0, i.amountNet - i.amountAuthorized - i.amountFloor)),
        status: i.kind === 'loyaltyCard' ? loyaltyStatusName[i.statusCode ?? 0] : (i.status ?? 'issued'),
      })),
      holds: raw.authorizations.map((a) => ({
        authCode: a.authCode,
        card: a.instrumentId,
        amount: money(a.amount),
        status: a.status,
        transactionId: a.transactionId,
      })),
      loyaltyPayments: raw.loyaltyPayments.map((p) => ({
        card: p.loyaltyCardId,
        requested: money(p.requestedAmount),
        approved: money(p.approvedAmount),
        result: p.result,
        ...(p.denialReason && { denialReason: p.denialReason }),
        voided: p.voided,
        transactionId: p.transactionId,
      })),
      journal: raw.journal.map((e) => ({
        at: e.at,
        operation: e.operation,
        kind: e.kind,
        card: e.instrumentId,
        ...(e.amount !== undefined && { amount: money(e.amount) }),
        ...(e.result !== undefined && { result: e.result }),
        transactionId: e.transactionId,
      })),
    };
  }

  /** One card as the server has it now (an error in words if it has none by that number). */
  async card(number: string): Promise<CardState> {
    const card = (await this.state()).cards.find((c) => c.number === number);
    if (!card) throw new Error(`card('${number}'): this server has no card with that number`);
    return card;
  }

  /** The holds of one card (or of every card), oldest first. */
  async holds(number?: string): Promise<Hold[]> {
    return (await this.state()).holds.filter((h) => number === undefined || h.card === number);
  }

  private holdCard(number: string, seriesNumber: string, balance: number, status: string) {
    const issued = status !== 'notIssued';
    return {
      number,
      seriesNumber,
      status,
      amountOriginal: issued ? balance : 0,
      amountNet: issued ? balance : 0,
      ...(issued && { startDate: '2026-01-01T00:00:00Z' }),
      ...(issued && { expiryDate: status === 'expired' ? '2026-01-02T00:00:00Z' : '2099-01-01T00:00:00Z' }),
    };
  }

  private prefixOf(seriesNumber: string, where: string): string {
    const series = this.series.find((s) => s.seriesNumber === seriesNumber);
    if (!series) throw new Error(`${where}: this server has no series '${seriesNumber}'`);
    return series.prefix;
  }

  /** A number no other card of this server has: the prefix, then a counter of this worker's. */
  private nextNumber(prefix: string): string {
    this.counter += 1;
    // The built-in series (4-digit prefixes) are 8 digits after the prefix; the kit's own (5) are 7.
    const length = prefix.length === 4 ? 12 : prefix.length + 7;
    const body = `5${this.worker % 10}${String(this.counter).padStart(length - prefix.length - 2, '0')}`;
    return `${prefix}${body}`;
  }

  private async add(additions: Record<string, unknown>, where: string): Promise<void> {
    const response = await fetch(`${this.url}/_simulator/cards`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // Into the loyalty group the terminal works in (the simulator's first, 'demo', by default).
      body: JSON.stringify({ loyaltyGroup: this.loyaltyGroup, ...additions }),
    });
    if (response.status === 404)
      throw new Error(
        `${where}: ${this.url} has no /_simulator/cards: it is not the kit's simulator, so cards cannot be made there.`,
      );
    if (response.status !== 201) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new Error(`${where}: the server refused it: ${body?.error?.message ?? response.status}`);
    }
  }

  private async control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, {
        method,
        ...(method === 'POST' && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) }),
      });
    } catch (error) {
      throw new Error(`The Loyalty server at ${this.url} did not answer (${(error as Error).message}).`, {
        cause: error,
      });
    }
    if (response.status === 404)
      throw new Error(
        `${this.url} has no ${path}: it is not the kit's simulator. Cards, faults and the clock need the kit's server ` +
          '(or `npm run simulator`).',
      );
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }
}

/** The simulator's own state view (GET /_simulator/state, its OpenAPI document's SimulatorState): major units as numbers. */
export interface SimulatorView {
  instruments: {
    kind: CardState['kind'];
    number: string;
    seriesNumber: string;
    amountNet: number;
    amountOriginal: number;
    amountAuthorized: number;
    amountFloor: number;
    financialActivity: boolean;
    status?: string;
    statusCode?: 0 | 1 | 2 | 4;
    customer?: { customerId: string; name?: string } | null;
  }[];
  authorizations: {
    authCode: string;
    instrumentId: string;
    amount: number;
    status: Hold['status'];
    transactionId: string;
  }[];
  loyaltyPayments: {
    loyaltyCardId: string;
    requestedAmount: number;
    approvedAmount: number;
    result: LoyaltyPayment['result'];
    denialReason?: LoyaltyPayment['denialReason'];
    voided: boolean;
    transactionId: string;
  }[];
  journal: {
    at: string;
    operation: string;
    kind: JournalEntry['kind'];
    instrumentId: string;
    amount?: number;
    authCode?: string;
    result?: string;
    transactionId: string;
  }[];
  seriesCounters: Record<string, number>;
}
