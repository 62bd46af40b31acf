import type { SeriesConfig } from '@/domain/instrument';

/**
 * What the terminal must know of the training server before it has started (the simulator is a
 * chunk of its own, loaded only in training mode): its address, group, token, currency and series.
 * The terminal paints and takes a scan with these; requests wait for the simulator. Checked
 * against the built-in dataset by a test (they cannot drift apart).
 */
export const trainingFacts = {
  /** Where training requests go; never resolved by DNS because fetch never leaves the page. */
  baseUrl: 'https://training.simulator.invalid',
  loyaltyGroup: 'demo',
  token: 'demo-token',
  merchantId: 'M1',
  currency: 'EUR',
  series: [
    { prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false, description: 'Gift card' },
    {
      prefix: '7002',
      kind: 'giftCard',
      seriesNumber: 'GC2',
      livePrinted: false,
      description: 'Gift card 25 EUR',
      fixedAmount: 2500,
    },
    { prefix: '7003', kind: 'giftCard', seriesNumber: 'GC3', livePrinted: true, description: 'Printed gift card' },
    { prefix: '7201', kind: 'storeCredit', seriesNumber: 'SC1', livePrinted: true, description: 'Store credit' },
    { prefix: '7101', kind: 'loyaltyCard', seriesNumber: 'LC1', livePrinted: false, description: 'Loyalty card' },
  ] satisfies SeriesConfig[] as SeriesConfig[],
};
