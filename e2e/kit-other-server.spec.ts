import { createServer } from 'node:http';
import { inspect } from 'node:util';
import { expect, LoyaltyServer, magicCards, test, type LoyaltyServerAccess } from '@loyalty-terminal/playwright';
import { parseDataset } from '../src/simulator/engine/dataset';
import { startSimulator } from '../src/simulator/node/server';

// Each server below is a worker fixture of its own test (Playwright takes the worker options
// `loyaltyServerURL` and `loyaltyServerAccess` at the top of a file, or from `test.extend`, never in a
// describe group): each starts, in its worker only, the server its tests point the kit at.

/** The kit pointed at a Loyalty server that is not its own (a store's, say): what needs the kit's server says so. */
const elsewhere = test.extend<object, { otherServer: void }>({
  loyaltyServerURL: 'http://127.0.0.1:4019',
  otherServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
    async ({}, use) => {
      // Any other server: here one that knows nothing (a store's own would answer its API).
      const other = createServer((_req, res) => res.writeHead(404).end());
      await new Promise<void>((resolve) => other.listen(4019, '127.0.0.1', resolve));
      await use();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    },
    { scope: 'worker', auto: true },
  ],
});

elsewhere(
  'a magic card used against it is refused in words; its cards cannot be made',
  async ({ terminal, loyaltyServer }) => {
    await terminal.cashier.startSale('5.00');
    await expect(terminal.cashier.payWithCard(magicCards.giftCard.answerLost)).rejects.toThrow(
      "payWithCard('700100000901'): this is one of the kit's magic cards, whose outcome is fixed only on the kit's server (or in training mode), and this terminal works with another server.",
    );
    await expect(loyaltyServer.giftCard()).rejects.toThrow(/http:\/\/127\.0\.0\.1:4019 .*not the kit's simulator/);
  },
);

/** A store's staging server, as an integrator gives it: none of the simulator's demo values. */
const storeAccess: LoyaltyServerAccess = {
  token: 'store-7-staging-secret',
  loyaltyGroup: 'store7',
  merchantId: 'S7',
  currency: 'GBP',
  storeId: 7,
  workstationId: 2,
  series: [
    { prefix: '8800', kind: 'loyaltyCard', seriesNumber: 'S7-LC', livePrinted: false },
    { prefix: '8801', kind: 'giftCard', seriesNumber: 'S7-GC', livePrinted: false },
  ],
};

/**
 * That server played by the simulator, started with a dataset of the store's own (`npm run simulator
 * -- --data` takes the same): it knows that token only, that group and merchant, those series, in
 * pounds. A request with any other token is answered 401.
 */
const storeDataset = {
  currency: 'GBP',
  tokens: [{ token: storeAccess.token, merchantId: 'S7' }],
  loyaltyGroups: [
    {
      id: 'store7',
      merchants: ['S7'],
      giftCardSeries: [
        {
          seriesNumber: 'S7-GC',
          prefix: '8801',
          length: 8,
          issueType: 'preIssued',
          fixedAmount: null,
          validityMonths: 36,
        },
      ],
      loyaltyCardSeries: [{ seriesNumber: 'S7-LC', prefix: '8800', length: 8 }],
    },
  ],
};

const atAStore = test.extend<object, { storeServer: { url: string } }>({
  storeServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
    async ({}, use) => {
      const parsed = parseDataset(storeDataset);
      if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
      const running = await startSimulator({ dataset: parsed.dataset, port: 0 });
      await use(running);
      await running.close();
    },
    { scope: 'worker' },
  ],
  loyaltyServerURL: [async ({ storeServer }, use) => use(storeServer.url), { scope: 'worker' }],
  loyaltyServerAccess: storeAccess,
});

atAStore(
  "the terminal set up with the store's token, group, merchant, currency and series: its cards are read and paid",
  async ({ page, terminal, loyaltyServer }) => {
    const card = await loyaltyServer.loyaltyCard({ balance: '40.00' });
    expect(card.startsWith('8800'), 'a card of the store’s loyalty series').toBe(true);

    await terminal.cashier.startSale('30.00');
    // payWithCard resolves once the card's amount is offered: a card whose prefix the terminal did not
    // know would have it ask "Which kind of card is …?" instead, and this would fail.
    const line = await terminal.cashier.payWithCard(card, '10.00');
    await expect(line).toContainText('Approved');
    await expect(page.getByText(/Which kind of card is/)).toHaveCount(0);
    expect(await terminal.cashier.remainingDue()).toBe('£20.00');
    // The server took it: it knows only the store's token, and the payment is in its group.
    expect((await loyaltyServer.state()).loyaltyPayments).toMatchObject([
      { card, result: 'approved', requested: '10.00', approved: '10.00', voided: false },
    ]);
    // The void goes to /merchant/S7/…: the simulator refuses a merchant that is not the token's.
    await terminal.cashier.voidSale();
    expect((await loyaltyServer.state()).loyaltyPayments).toMatchObject([{ card, voided: true }]);

    // What the terminal keeps: the store's values (the token compared, never shown in a failure).
    const kept = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('loyalty-terminal.settings') ?? '{}') as { state: { server: object } }).state
          .server,
    );
    const { token, ...server } = kept as { token: string };
    expect(token === storeAccess.token, 'the terminal sends the store’s token').toBe(true);
    expect(server).toMatchObject({
      loyaltyGroup: 'store7',
      merchantId: 'S7',
      currency: 'GBP',
      storeId: 7,
      workstationId: 2,
      series: [
        { prefix: '8800', kind: 'loyaltyCard', seriesNumber: 'S7-LC', livePrinted: false },
        { prefix: '8801', kind: 'giftCard', seriesNumber: 'S7-GC', livePrinted: false },
      ],
    });
  },
);

atAStore(
  'this server turns the demo token away; magic cards are refused in words',
  async ({ terminal, loyaltyServer }) => {
    const card = await loyaltyServer.loyaltyCard();
    const lookUp = (token: string) =>
      fetch(`${loyaltyServer.api}/loyaltycards/${card}`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await lookUp('demo-token')).status).toBe(401);
    expect((await lookUp(loyaltyServer.token)).status).toBe(200);
    await terminal.cashier.startSale('5.00');
    await expect(terminal.cashier.payWithCard(magicCards.loyaltyCard.approved)).rejects.toThrow(
      "this is one of the kit's magic cards",
    );
  },
);

atAStore('the access is checked in words, and its token is never printed', ({ loyaltyServer }) => {
  const secret = storeAccess.token;
  expect(inspect(loyaltyServer, { depth: 5 })).not.toContain(secret);
  expect(JSON.stringify(loyaltyServer)).not.toContain(secret);
  const refusal = (access: object) => {
    try {
      new LoyaltyServer('http://127.0.0.1:1', 0, false, access as LoyaltyServerAccess);
    } catch (error) {
      return (error as Error).message;
    }
    return 'not refused';
  };
  expect(refusal({ ...storeAccess, token: '' })).toContain('loyaltyServerAccess.token: missing or empty.');
  const refusals = [
    refusal({ ...storeAccess, currency: 'POUNDS' }),
    refusal({ ...storeAccess, group: 'store7' }),
    refusal({
      ...storeAccess,
      series: [{ prefix: '88-00', kind: 'loyaltyCard', seriesNumber: 'S7', livePrinted: false }],
    }),
    refusal({ ...storeAccess, series: [{ prefix: '8800', kind: 'coupon', seriesNumber: 'S7', livePrinted: false }] }),
    refusal({ ...storeAccess, storeId: '7' }),
  ];
  expect(refusals).toEqual([
    "loyaltyServerAccess.currency: \"POUNDS\" is not an ISO 4217 currency code (e.g. 'EUR', 'GBP').",
    "loyaltyServerAccess: it has no field 'group' (its fields: token, loyaltyGroup, merchantId, currency, series, storeId, workstationId).",
    'loyaltyServerAccess.series[0].prefix: "88-00" is not a prefix (1 to 16 letters or digits).',
    "loyaltyServerAccess.series[0].kind: \"coupon\" is not a kind: 'giftCard', 'storeCredit' or 'loyaltyCard'.",
    'loyaltyServerAccess.storeId: "7" is not a whole number (0 or more), as the terminal\'s settings take it.',
  ]);
  for (const message of refusals) expect(message).not.toContain(secret);
});
