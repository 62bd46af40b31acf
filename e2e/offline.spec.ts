import { type Page } from '@playwright/test';
import { expect, TERMINAL_ORIGIN, test } from './support/project';
import {
  line,
  openLiveTerminal,
  setFaults,
  startSale,
  state,
  tender,
  goTo,
  resetSimulator,
  scan,
  expectAvailable,
} from '@loyalty-terminal/playwright/steps';

// The offline shell is this file's subject: its service worker is allowed here (blocked elsewhere).
test.use({ serviceWorkers: 'allow' });

async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('with its web server down the terminal still opens, shows what waits, and sends it when the Loyalty server answers', async ({
  page,
  context,
  loyaltyServer,
}) => {
  test.setTimeout(60_000);
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
  await controlledByServiceWorker(page);

  // The Loyalty server refuses payments for now: the payment waits in the outbox, its outcome unknown.
  await setFaults(loyaltyServer, { next: { count: 1000, kind: 'unavailable', path: '/_pay' } });
  await startSale(page, '20');
  await tender(page, '700100000001', '20');
  await expect(line(page, 'Gift card •••• 0001')).toContainText('No answer: the outcome is unknown.');

  // The terminal's own web server goes down; the till is reloaded (a tablet woken up, a crash).
  await context.route(`${TERMINAL_ORIGIN}/**`, (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sale', exact: true })).toBeVisible();
  await expect(page.getByText('1 operation waiting to reach the server')).toBeVisible();
  await expect(line(page, 'Gift card •••• 0001')).toContainText('No answer');
  // Every screen is there without the web server (each is its own chunk, cached).
  await goTo(page, 'Journal');
  await expect(page.getByRole('heading', { name: 'Journal' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('•••• 0001');
  await goTo(page, 'Sale');

  // The Loyalty server answers again: the same payment is sent and lands once.
  await setFaults(loyaltyServer, {});
  await expect(line(page, 'Gift card •••• 0001')).toContainText(/On hold · authorization/, { timeout: 20_000 });
  expect((await state(loyaltyServer)).authorizations).toEqual([
    expect.objectContaining({ instrumentId: '700100000001', amount: 20, status: 'pending' }),
  ]);
});

test("requests to the Loyalty server skip the service worker (an idle till's stopped worker is not started for a scan); the terminal's own files are still its", async ({
  page,
  context,
  loyaltyServer,
}) => {
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // How each request the page made was routed: by a static route straight to the network, or through the worker.
  const routes: { url: string; route: string }[] = [];
  cdp.on('Network.responseReceived', ({ type, response }) => {
    if (type === 'Preflight') return;
    const route =
      response.serviceWorkerRouterInfo?.matchedSourceType ?? (response.fromServiceWorker ? 'worker' : 'none');
    routes.push({ url: response.url, route });
  });

  await goTo(page, 'Card lookup');
  await scan(page, '700100000001');
  await expectAvailable(page, '€50.00');
  const serverRoutes = routes.filter((r) => r.url.startsWith(loyaltyServer.url));
  expect(serverRoutes.length).toBeGreaterThan(0);
  for (const r of serverRoutes) expect(r, r.url).toMatchObject({ route: 'network' });
  // The terminal's own files are still the worker's (what the offline start above relies on).
  await page.reload();
  await expect(page.getByRole('navigation')).toBeVisible();
  expect(
    routes.filter((r) => r.url.startsWith(TERMINAL_ORIGIN) && r.url.endsWith('.js')).map((r) => r.route),
  ).toContain('worker');
});

test('installable: a manifest for a full-screen home-screen app, icons that load', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(new URL(href!, TERMINAL_ORIGIN).href)).json();
  expect(manifest).toMatchObject({ name: 'Loyalty terminal', start_url: '/', display: 'fullscreen', scope: '/' });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons)
    expect((await request.get(new URL(icon.src, TERMINAL_ORIGIN).href)).ok()).toBe(true);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
});
