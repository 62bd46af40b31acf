import { createServer, type Server } from 'node:http';
import { expect, magicCards, test } from '@loyalty-terminal/playwright';

/** The kit pointed at a Loyalty server that is not its own (a store's, say): what needs the kit's server says so. */
test.use({ loyaltyServerURL: 'http://127.0.0.1:4019' });

let other: Server;
test.beforeAll(async () => {
  // Any other server: here one that knows nothing (a store's own would answer its API).
  other = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => other.listen(4019, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

test('a magic card used against it is refused in words; its cards cannot be made', async ({
  terminal,
  loyaltyServer,
}) => {
  await terminal.cashier.startSale('5.00');
  await expect(terminal.cashier.payWithCard(magicCards.giftCard.answerLost)).rejects.toThrow(
    "payWithCard('700100000901'): this is one of the kit's magic cards, whose outcome is fixed only on the kit's server (or in training mode), and this terminal works with another server.",
  );
  await expect(loyaltyServer.giftCard()).rejects.toThrow(/http:\/\/127\.0\.0\.1:4019 .*not the kit's simulator/);
});
