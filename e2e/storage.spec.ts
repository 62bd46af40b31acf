import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/project';
import {
  completeSale,
  line,
  liveSettingsSeeded,
  net,
  openLiveTerminal,
  setFaults,
  startSale,
  state,
  tender,
  expectAvailable,
  goTo,
  keyNumber,
  managerUnlocks,
  resetSimulator,
} from '@loyalty-terminal/playwright/steps';

test.beforeEach(async ({ loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
});

const PASSPHRASE = 'correct horse battery';

/** Every IndexedDB write of this window refused from now, as a full disk refuses it. */
async function refuseWrites(page: Page) {
  await page.evaluate(() => {
    const kept = window as unknown as {
      writes?: [typeof IDBObjectStore.prototype.put, typeof IDBObjectStore.prototype.add];
    };
    kept.writes = [IDBObjectStore.prototype.put, IDBObjectStore.prototype.add];
    const refuse = () => {
      throw new DOMException('The disk is full', 'QuotaExceededError');
    };
    IDBObjectStore.prototype.put = refuse;
    IDBObjectStore.prototype.add = refuse;
  });
}

/**
 * The device fills up while the payment of card 0001 is on its way: the server takes it, and its
 * answer cannot be written (every IndexedDB write refused, as a full disk refuses it).
 */
async function fillsUpWhilePaying(page: Page) {
  await page.route(
    '**/giftcards/700100000001/_pay',
    async (route) => {
      const response = await route.fetch();
      await refuseWrites(page);
      await route.fulfill({ response });
    },
    { times: 1 }, // its resend goes to the server as it is
  );
}

/** Space freed: the window's writes kept again. */
async function allowWrites(page: Page) {
  await page.evaluate(() => {
    const kept = window as unknown as {
      writes: [typeof IDBObjectStore.prototype.put, typeof IDBObjectStore.prototype.add];
    };
    [IDBObjectStore.prototype.put, IDBObjectStore.prototype.add] = kept.writes;
  });
}

test('the browser is asked to keep the records, and Settings says it agreed', async ({ page, loyaltyServer }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { persistAsked: number };
    w.persistAsked = 0;
    let granted = false;
    navigator.storage.persisted = async () => granted;
    navigator.storage.persist = async () => {
      w.persistAsked += 1;
      granted = true;
      return true;
    };
  });
  await openLiveTerminal(page, loyaltyServer);
  await expect.poll(() => page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked)).toBe(1);
  await goTo(page, 'Settings');
  await managerUnlocks(page);
  await expect(page.getByText('The browser keeps these records: it will not clear them to free space.')).toBeVisible();
  await expect(page.getByText(/older than 90 days/)).toBeVisible();
});

test('a browser that refuses IndexedDB: said in words, no payment taken, lookups and training still work', async ({
  page,
  loyaltyServer,
}) => {
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    };
  });
  await openLiveTerminal(page, loyaltyServer);
  await expect(page.getByRole('banner')).toContainText(
    'This browser keeps no records here: payments and issues are off.',
  );
  await expect(page.getByRole('alert')).toContainText('No payment can be taken');
  await expect(page.getByRole('button', { name: 'Start sale' })).toHaveCount(0);
  await goTo(page, 'Issue');
  await expect(page.getByRole('alert')).toContainText('Nothing can be issued');
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000001');
  await expectAvailable(page, '€50.00');
  expect((await state(loyaltyServer)).authorizations).toEqual([]);

  await goTo(page, 'Training');
  await page.getByRole('button', { name: 'Start training mode' }).click();
  await page
    .getByRole('button', { name: /^Look up Gift card, issued/ })
    .first()
    .click();
  await expectAvailable(page, '€50.00');
  await goTo(page, 'Sale');
  await expect(page.getByRole('alert')).toContainText('No payment can be taken');
});

test('the quota full mid-sale: nothing is sent, and the same tender goes once there is room', async ({
  page,
  loyaltyServer,
}) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if ((window as unknown as { quotaFull?: boolean }).quotaFull)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '20');
  await page.evaluate(() => ((window as unknown as { quotaFull: boolean }).quotaFull = true));
  await tender(page, '700100000001', '20');
  await expect(page.getByRole('alert').filter({ hasText: 'This terminal could not record that' })).toContainText(
    'This terminal could not record that, so nothing was sent.',
  );
  // And the header says why, on every screen.
  const full = page.getByRole('alert').filter({ hasText: 'Records cannot be saved: free space on this device.' });
  await expect(full).toBeVisible();
  expect((await state(loyaltyServer)).authorizations).toEqual([]);

  await page.evaluate(() => ((window as unknown as { quotaFull: boolean }).quotaFull = false));
  await tender(page, '700100000001', '20');
  await expect(line(page, '•••• 0001')).toContainText('On hold');
  await expect(full).toHaveCount(0);
  await completeSale(page);
  const after = await state(loyaltyServer);
  expect(after.authorizations.map((a) => [a.amount, a.status])).toEqual([[20, 'committed']]);
});

async function exportBackup(page: Page): Promise<string> {
  await goTo(page, 'Settings');
  await managerUnlocks(page);
  await page.getByLabel('Backup passphrase').fill(PASSPHRASE);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export backup' }).click();
  // Kept apart from the browser's own downloads, which go with its profile.
  const file = test.info().outputPath('backup.json');
  await (await download).saveAs(file);
  await expect(page.getByRole('status').filter({ hasText: 'Backup saved' })).toContainText('1 still waiting');
  return file;
}

test('a backup taken on one tablet and imported on a fresh one sends the waiting commit exactly once', async ({
  browser,
  loyaltyServer,
}) => {
  const first = await browser.newContext();
  const old = await first.newPage();
  await openLiveTerminal(old, loyaltyServer);
  await setFaults(loyaltyServer, { next: { count: 1000, kind: 'unavailable', path: '/_commit' } });
  await startSale(old, '20');
  await tender(old, '700100000001', '20');
  await expect(line(old, '•••• 0001')).toContainText('On hold');
  await old.getByRole('button', { name: 'Complete sale' }).click();
  await expect(old.getByRole('banner')).toContainText('1 operation waiting to reach the server');
  const file = await exportBackup(old);
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain('700100000001');
  expect(text).not.toContain('demo-token');
  await first.close(); // the old tablet is gone, its commit unsent

  await setFaults(loyaltyServer, {});
  expect((await state(loyaltyServer)).authorizations.map((a) => a.status)).toEqual(['pending']);
  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  await liveSettingsSeeded(page, loyaltyServer);
  await page.goto('/');
  await goTo(page, 'Settings');
  await managerUnlocks(page);
  await page.getByLabel('Backup passphrase').fill('not the passphrase');
  await page.getByLabel('Backup file to import').setInputFiles(file);
  await page.getByRole('button', { name: 'Import backup' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'passphrase does not open' })).toBeVisible();

  await page.getByLabel('Backup passphrase').fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Import backup' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^✓ Imported/ })).toBeVisible();
  await expect
    .poll(async () => (await state(loyaltyServer)).authorizations.map((a) => a.status))
    .toEqual(['committed']);
  expect(net(await state(loyaltyServer), '700100000001')).toBe(30);

  // Imported again: nothing new, nothing sent twice.
  await page.getByRole('button', { name: 'Import backup' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 0 records' })).toBeVisible();
  await expect(page.getByRole('banner')).not.toContainText('waiting to reach the server');
  expect(net(await state(loyaltyServer), '700100000001')).toBe(30);
  await goTo(page, 'Journal');
  await expect(page.getByRole('row', { name: /Gift card · commit/ })).toContainText('•••• 0001');
  await fresh.close();
});

test('records the browser cleared are noticed, and the header points to the backup', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '5');
  await tender(page, '700100000001', '5');
  await expect(line(page, '•••• 0001')).toContainText('On hold');
  await page.evaluate(() => void indexedDB.deleteDatabase('loyalty-terminal-journal'));
  await page.reload();
  const notice = page.getByRole('banner').getByRole('button', { name: /The records on this device are gone/ });
  await expect(notice).toBeVisible();
  await notice.click();
  await managerUnlocks(page);
  await expect(page.getByRole('heading', { name: 'Records on this device' })).toBeVisible();
});

test('an un-issue refused 429 and asked again at once waits as the server asked, then lands', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await setFaults(loyaltyServer, { next: { count: 1, kind: 'rateLimited', path: '/_unissue' } });
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000001');
  await page.getByRole('button', { name: 'Un-issue' }).click();
  await managerUnlocks(page);
  await page.getByRole('button', { name: 'Yes, un-issue' }).click();
  await expect(page.getByRole('alert')).toHaveText(/The Loyalty server is busy\. Try again in 1 s\./);
  await page.getByRole('button', { name: 'Un-issue' }).click();
  await page.getByRole('button', { name: 'Yes, un-issue' }).click();
  await expect(page.getByText('Gift card 7001 0000 0001 is un-issued.')).toBeVisible();
  const card = (await state(loyaltyServer)).instruments.find((i) => i.number === '700100000001');
  expect(card).toMatchObject({ status: 'notIssued' });
});

test('a newer terminal upgrading the records in another window: this one lets go of them, takes no payment, and asks to be reloaded', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await goTo(page, 'Sale');
  await expect(page.getByLabel(/Amount due/)).toBeVisible();
  // A newer terminal opens the records at the next version (from this page's origin: what another window would do).
  const { current, opened } = await page.evaluate(async () => {
    const name = 'loyalty-terminal-journal';
    const current = (await indexedDB.databases()).find((d) => d.name === name)?.version ?? 0;
    const opened = await new Promise<number>((resolve, reject) => {
      const request = indexedDB.open(name, current + 1);
      request.onsuccess = () => resolve(request.result.version);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    return { current, opened };
  });
  // It was not kept waiting: this window let go.
  expect(current).toBeGreaterThan(0);
  expect(opened).toBe(current + 1);
  await expect(page.getByRole('alert').filter({ hasText: 'The terminal was updated in another window' })).toBeVisible();
  await expect(page.getByLabel('Amount due')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});

test('records that refuse a write after a payment left: said at once, and the payment kept once a write passes', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '12');
  await fillsUpWhilePaying(page);
  await tender(page, '700100000001', '12');
  await expect(page.getByRole('alert').filter({ hasText: 'Records cannot be saved' })).toHaveText(
    'Records cannot be saved: free space on this device. Nothing unsaved is sent; payments under way finish then, charged once.',
  );
  expect((await state(loyaltyServer)).authorizations).toHaveLength(1);
  await expect(line(page, 'Gift card •••• 0001')).not.toContainText('On hold');

  // Space is freed: the answer is kept (the payment sent again with its key), once on the card.
  await allowWrites(page);
  await expect(line(page, 'Gift card •••• 0001')).toContainText(/On hold · authorization [A-Z0-9]+/, {
    timeout: 15_000,
  });
  await expect(page.getByText('Records cannot be saved')).toHaveCount(0);
  expect((await state(loyaltyServer)).authorizations).toHaveLength(1);
  await completeSale(page);
  // A new sale may start again.
  await page.getByRole('button', { name: 'Next sale' }).click();
  await expect(page.getByLabel(/Amount due/)).toBeVisible();
});

test('records that refuse a write in the window that sends: another window of the terminal says it too, until a write passes', async ({
  page,
  context,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '12');
  // A second window on the lookup screen: it does not send (the first window does) and writes nothing.
  const other = await context.newPage();
  await other.goto('/');
  await goTo(other, 'Card lookup');
  await expect(other.getByRole('heading', { name: 'Look up a card' })).toBeVisible();

  await fillsUpWhilePaying(page);
  await tender(page, '700100000001', '12');
  const full = (window: Page) => window.getByRole('alert').filter({ hasText: 'Records cannot be saved' });
  await expect(full(page)).toBeVisible();
  await expect(full(other)).toHaveText(
    'Records cannot be saved: free space on this device. Nothing unsaved is sent; payments under way finish then, charged once.',
  );

  // Space is freed: the first window's answer is kept, and the other window's alert ends with it.
  await allowWrites(page);
  await expect(line(page, 'Gift card •••• 0001')).toContainText(/On hold · authorization [A-Z0-9]+/, {
    timeout: 15_000,
  });
  await expect(full(other)).toHaveCount(0);
  await expect(full(page)).toHaveCount(0);
  expect((await state(loyaltyServer)).authorizations).toHaveLength(1);
});
