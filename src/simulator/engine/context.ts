import type { InstrumentKind } from '../../domain/instrument';
import { type Minor, minorToMajor } from '../../domain/money';
import { fail, SimError } from './errors';
import { sweepLapsed } from './indexes';
import { parseWorkstationData, requireBody, type WorkstationData } from './requests';
import {
  instrumentKey,
  type EngineState,
  type GroupData,
  type HoldInstrument,
  type InstrumentRecord,
  type LoyaltyInstrument,
} from './state';
import { isoDateTime } from './views';

export type HoldKind = 'giftCard' | 'storeCredit';

/** Who is asking, and in which loyalty group (from the token and the path). */
export interface Caller {
  merchantId: string;
  loyaltyGroup: string;
}

export const kindName: Record<InstrumentKind, string> = {
  giftCard: 'Gift card',
  storeCredit: 'Store credit',
  loyaltyCard: 'Loyalty card',
};

export function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

/**
 * What every operation of the engine shares: the current state, the clock, the checks that come
 * first (loyalty group, merchant, series lists, the instrument), the body's workstationData and the
 * simulator's own journal.
 */
export function createEngineContext(st: () => EngineState, now: () => number) {
  // ---- shared checks -------------------------------------------------------------------------

  function group(caller: Caller): GroupData {
    const found = st().groups.find((g) => g.id === caller.loyaltyGroup);
    if (!found) throw new SimError(404, 'loyalty_group_not_found', `Loyalty group "${caller.loyaltyGroup}" not found.`);
    if (!found.merchants.includes(caller.merchantId)) {
      throw fail.merchantNotAllowed(`Merchant ${caller.merchantId} is not a merchant of loyalty group ${found.id}.`);
    }
    return found;
  }

  function seriesOf(g: GroupData, kind: InstrumentKind, seriesNumber: string) {
    const list =
      kind === 'giftCard' ? g.giftCardSeries : kind === 'storeCredit' ? g.storeCreditSeries : g.loyaltyCardSeries;
    return list.find((s) => s.seriesNumber === seriesNumber);
  }

  function requireMerchant(
    caller: Caller,
    g: GroupData,
    kind: InstrumentKind,
    seriesNumber: string,
    action: 'sell' | 'accept',
  ) {
    const series = seriesOf(g, kind, seriesNumber);
    const allowed = action === 'sell' ? series?.sellingMerchants : series?.acceptingMerchants;
    if (allowed && !allowed.includes(caller.merchantId)) {
      throw fail.merchantNotAllowed(`Merchant ${caller.merchantId} may not ${action} series ${seriesNumber}.`);
    }
  }

  function find(caller: Caller, kind: HoldKind, number: string): HoldInstrument;
  function find(caller: Caller, kind: 'loyaltyCard', number: string): LoyaltyInstrument;
  function find(caller: Caller, kind: InstrumentKind, number: string): InstrumentRecord {
    const rec = st().instruments[instrumentKey(caller.loyaltyGroup, kind, number)];
    if (!rec) throw fail.notFound(kindName[kind]);
    return rec;
  }

  /** Pending authorizations lapse at `expires`: made visible before every read and write. */
  function sweep(t: number) {
    sweepLapsed(st(), t);
  }

  function record(
    caller: Caller,
    ws: WorkstationData,
    operation: string,
    rec: InstrumentRecord,
    extra: { amount?: Minor; authCode?: string; result?: string } = {},
  ) {
    st().journal.push({
      at: isoDateTime(now()),
      loyaltyGroup: caller.loyaltyGroup,
      merchantId: caller.merchantId,
      operation,
      kind: rec.kind,
      instrumentId: rec.number,
      ...(extra.amount !== undefined && { amount: minorToMajor(extra.amount, st().currency) }),
      ...(extra.authCode !== undefined && { authCode: extra.authCode }),
      ...(extra.result !== undefined && { result: extra.result }),
      transactionId: ws.transactionId,
    });
  }

  function begin(caller: Caller, body: unknown) {
    const t = now();
    sweep(t);
    const g = group(caller);
    const parsed = requireBody(body);
    return { t, g, body: parsed, ws: parseWorkstationData(parsed) };
  }

  return { state: st, now, group, seriesOf, requireMerchant, find, sweep, record, begin };
}

export type EngineContext = ReturnType<typeof createEngineContext>;
