import type { InstrumentKind } from './instrument';

/** The situation a scenario card rehearses; the terminal words it in its own language (scenario.* messages). */
export type ScenarioSituation =
  | 'issued'
  | 'zeroBalance'
  | 'smallBalance'
  | 'box'
  | 'notIssued'
  | 'expired'
  | 'notYetValid'
  | 'fixedAmountNotIssued'
  | 'open'
  | 'partialApproval'
  | 'openNoBalance'
  | 'new'
  | 'closed'
  | 'canceled'
  | 'balance'
  /** Each payment's first answer lost (applied), no answer (not applied), or a 503 (not applied). */
  | 'answerLost'
  | 'timeout'
  | 'unavailable';

/** A card a trainer taps to rehearse a situation. */
export interface ScenarioCard {
  number: string;
  kind: InstrumentKind;
  situation: ScenarioSituation;
  /** The amount the label names, in minor units. */
  amount?: number;
}

/** A series a trainer issues from (no number to scan). */
export interface ScenarioSeries {
  seriesNumber: string;
  kind: 'giftCard' | 'storeCredit';
  situation: 'livePrinted' | 'series';
}
