import type { Instrument } from './instrument';

export type CannotPay = 'notIssued' | 'expired' | 'notYetValid' | 'notOpen';

/** Why an instrument cannot pay now, as far as its own data says (the server has the last word). */
export function cannotPay(instrument: Instrument, now: Date): CannotPay | null {
  if (instrument.kind === 'loyaltyCard') {
    if (instrument.statusCode !== 1) return 'notOpen';
    if (instrument.expiryDate && instrument.expiryDate < now.toISOString().slice(0, 10)) return 'expired';
    return null;
  }
  if (instrument.status === 'notIssued') return 'notIssued';
  if (instrument.status === 'expired') return 'expired';
  if (instrument.startDate && Date.parse(instrument.startDate) > now.getTime()) return 'notYetValid';
  return null;
}
