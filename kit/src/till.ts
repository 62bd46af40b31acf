import { createServer } from 'node:http';
import type { FrameLocator, Page } from '@playwright/test';
import { listenLocally, type LocalServer } from './listen';

/**
 * The terminal where a till's page frames it (docs/till-integration.md): the iframe whose title is
 * exactly `title` (`<iframe title="Loyalty terminal" …>`), to reach the cashier's screens inside the
 * till. Another element with a title, or a title that only contains it, is not taken for it.
 */
export const terminalIn = (page: Page, title = 'Loyalty terminal'): FrameLocator =>
  page
    .locator('iframe')
    .and(page.getByTitle(title, { exact: true }))
    .contentFrame();

/**
 * A page of the test's own (a till, say) served from this machine at an origin of its own,
 * `http://127.0.0.1:<port>`: the terminal's site, another origin, as docs/till-integration.md asks
 * of a store (a terminal framed by another site has its storage blocked or partitioned, and a page
 * on a public address, or routed by the test, may not frame one served here: Chromium's local
 * network access rule).
 */
export function servePage(html: string): Promise<LocalServer> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return listenLocally(server);
}
