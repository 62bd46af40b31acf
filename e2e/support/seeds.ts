/**
 * What a terminal keeps in localStorage once a manager has set it up and a cashier has signed on:
 * plain data, with no test runner in it, so the Chromium e2e (addInitScript) and the Firefox and
 * WebKit smoke suite (e2e-engines) seed the very same terminal.
 */

export const MANAGER_PIN = '2468';

export const SETTINGS_KEY = 'loyalty-terminal.settings';
export const CASHIER_KEY = 'loyalty-terminal.cashier';

/** The settings store's record: live mode against the standalone simulator at `baseUrl`, with the demo dataset's series. */
export function liveSettings(baseUrl: string, tillOrigins: string[] = [], workstationId = 3) {
  return {
    state: {
      mode: 'live',
      locale: 'en-IE',
      tillOrigins,
      server: {
        baseUrl,
        loyaltyGroup: 'demo',
        token: 'demo-token',
        merchantId: 'M1',
        storeId: 12,
        workstationId,
        operatorId: 'cashier-1',
        currency: 'EUR',
        timeoutSeconds: 3,
        series: [
          { prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false },
          {
            prefix: '7002',
            kind: 'giftCard',
            seriesNumber: 'GC2',
            livePrinted: false,
            fixedAmount: 2500,
            description: 'Gift card 25 EUR',
          },
          {
            prefix: '7003',
            kind: 'giftCard',
            seriesNumber: 'GC3',
            livePrinted: true,
            description: 'Printed gift card',
          },
          { prefix: '7101', kind: 'loyaltyCard', seriesNumber: 'LC1', livePrinted: false },
          { prefix: '7201', kind: 'storeCredit', seriesNumber: 'SC1', livePrinted: true },
        ],
      },
    },
    version: 2,
  };
}

export interface Cashier {
  operatorId: string;
  name: string;
}

export const CASEY: Cashier = { operatorId: 'c7', name: 'Casey' };

/** The sign-on store's record: a cashier signed on at this terminal once. */
export function signedOnCashier(cashier: Cashier = CASEY) {
  return { state: { cashier }, version: 1 };
}
