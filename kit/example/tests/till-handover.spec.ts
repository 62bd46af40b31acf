import { expect, servePage, terminalIn, test } from '@loyalty-terminal/playwright';

test('the till hands a payment over and gets back exactly what the card paid', async ({
  page,
  terminal,
  loyaltyServer,
}) => {
  const card = await loyaltyServer.giftCard({ balance: '12.00' });
  const till = await servePage(tillPage(terminal.url)); // the store's own till, an origin of its own
  await terminal.allowTill(till.url);
  await page.goto(till.url);
  await page.getByRole('button', { name: 'Pay 20.00 with cards' }).click();
  const inside = terminalIn(page);
  await expect(inside.getByText('From the till · reference T-1001')).toBeVisible();
  await inside.getByRole('heading', { name: 'Pay with a card' }).click();
  await page.keyboard.type(card);
  await page.keyboard.press('Enter');
  await inside.getByRole('button', { name: 'Take €12.00' }).click();
  await expect(inside.getByText(/On hold/)).toBeVisible();
  await inside.getByRole('button', { name: 'Return to the till (€8.00 left to collect there)' }).click();
  await expect(page.getByRole('status')).toHaveText('Paid 1200, still due 800');
  expect(await loyaltyServer.holds(card)).toMatchObject([{ amount: '12.00', status: 'committed' }]);
  await till.close();
});

/** The till's page: the terminal in a frame, the protocol's `pay` message, the `result` it waits for (docs/till-integration.md). */
function tillPage(terminal: string): string {
  const origin = new URL(terminal).origin;
  return `<!doctype html><html lang="en"><title>Till</title><main>
<iframe title="Loyalty terminal" src="${terminal}" width="900" height="700"></iframe>
<button id="pay">Pay 20.00 with cards</button><p role="status" id="status"></p></main>
<script>
const frame = document.querySelector('iframe');
const pay = { protocol: 'loyalty-terminal', version: 1, type: 'pay', id: 'm1', reference: 'T-1001', amountDue: 2000, currency: 'EUR' };
let answered = false;
// Sent again every second until the terminal answers it (a frame still loading hears nothing).
document.querySelector('#pay').onclick = () => {
  const send = () => answered || (frame.contentWindow.postMessage(pay, '${origin}'), setTimeout(send, 1000));
  send();
};
addEventListener('message', (e) => {
  if (e.origin !== '${origin}' || (e.data?.inReplyTo === undefined && e.data?.type !== 'result')) return;
  answered = true;
  if (e.data.type === 'result')
    document.querySelector('#status').textContent = 'Paid ' + e.data.result.amountCovered + ', still due ' + e.data.result.amountRemaining;
});
</script></html>`;
}
