// Start-up and journal-screen times with 100, 10,000 and 50,000 journal records (spread over 60
// days), and the main
// thread's long tasks while the terminal sits idle with 50,000. Figures only; asserts nothing.
import type { Browser, Page } from '@playwright/test';

const SCOPE = 'live|http://127.0.0.1:4210|demo|M1';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Marks when the sale screen is usable and when the journal's rows are on screen. */
function observe() {
  const w = window as unknown as { __ready?: number; __clicked?: number; __journal?: number };
  window.addEventListener('click', () => (w.__clicked = performance.now()), true);
  new MutationObserver(() => {
    if (!w.__ready && document.querySelector('#sale-due')) w.__ready = performance.now();
    // The operations table (the second one; the first is the day's totals) has its page of rows.
    if (w.__clicked && !w.__journal && (document.querySelectorAll('.journal tbody')[1]?.children.length ?? 0) > 0)
      w.__journal = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

async function seed(page: Page, count: number) {
  await page.evaluate(
    async ({ count, scope }) => {
      // The terminal creates its database with the money path's chunk, just after the first paint:
      // opening it before would create an empty one.
      while (!(await indexedDB.databases()).some((d) => d.name === 'loyalty-terminal-journal' && (d.version ?? 0) >= 7))
        await new Promise((resolve) => setTimeout(resolve, 50));
      const open = indexedDB.open('loyalty-terminal-journal');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('operations', 'readwrite');
      const store = tx.objectStore('operations');
      store.clear();
      // Spread over the last 60 days, as a busy till's journal would be.
      const span = 60 * 86_400_000;
      const start = Date.now() - span;
      for (let i = 0; i < count; i += 1) {
        const at = new Date(start + Math.floor((i * span) / count)).toISOString();
        store.put({
          id: crypto.randomUUID(),
          scope,
          training: false,
          transactionId: crypto.randomUUID(),
          reason: 'Sale',
          operatorId: 'bench',
          request: { type: 'giftCard.pay', number: `7001${String(i).padStart(8, '0')}`, amount: 100 },
          status: 'succeeded',
          attempts: 1,
          createdAt: at,
          updatedAt: at,
          result: {
            authCode: 'BENCH',
            instrumentId: 'x',
            amount: 100,
            status: 'pending',
            created: at,
            expires: at,
            account: { net: 0, original: 0, floor: 0, authorized: 0 },
          },
        });
      }
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    },
    { count, scope: SCOPE },
  );
}

/** A cashier signed on at this till (what the sign-on screen keeps), no manager PIN yet. */
export function cashierSignedOn() {
  if (!localStorage.getItem('loyalty-terminal.cashier')) {
    localStorage.setItem(
      'loyalty-terminal.cashier',
      JSON.stringify({ state: { cashier: { operatorId: 'bench', name: 'Bench' } }, version: 1 }),
    );
  }
}

/** The journal is the manager's: its PIN is set the first time and entered after; the time runs from the last tap. */
async function openJournal(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: 'Journal' }).click();
  const choose = page.getByRole('heading', { name: 'Set a manager PIN' });
  const enter = page.getByLabel('Manager PIN', { exact: true });
  await choose.or(enter).first().waitFor();
  if (await choose.isVisible()) {
    await page.getByLabel('New manager PIN').fill('2468');
    await page.getByLabel('Repeat the PIN').fill('2468');
    await page.getByRole('button', { name: 'Set PIN' }).click();
  } else {
    await enter.fill('2468');
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
}

export async function journalTimes(browser: Browser, settings: string) {
  for (const count of [100, 10_000, 50_000]) {
    const context = await browser.newContext();
    await context.addInitScript(cashierSignedOn);
    await context.addInitScript((s) => localStorage.setItem('loyalty-terminal.settings', s), settings);
    await context.addInitScript(observe);
    const page = await context.newPage();
    await page.goto('http://127.0.0.1:4273/');
    await page.getByLabel('Amount due (EUR)').waitFor();
    await seed(page, count);
    const startup: number[] = [];
    const journal: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      await page.goto('http://127.0.0.1:4273/');
      await page.getByLabel('Amount due (EUR)').waitFor();
      await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready);
      startup.push(await page.evaluate(() => (window as unknown as { __ready: number }).__ready));
      await openJournal(page);
      await page.waitForFunction(() => (window as unknown as { __journal?: number }).__journal);
      journal.push(
        await page.evaluate(() => {
          const w = window as unknown as { __journal: number; __clicked: number };
          return w.__journal - w.__clicked;
        }),
      );
    }
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    console.log(
      `journal ${count.toLocaleString('en')} records: start-up median ${median(startup).toFixed(0)} ms; journal screen median ${median(journal).toFixed(0)} ms (${nodes} DOM nodes)`,
    );
    if (count === 50_000) {
      await page.getByRole('navigation').getByRole('button', { name: 'Sale' }).click();
      const blocked = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            const po = new PerformanceObserver((list) => list.getEntries().forEach((e) => (total += e.duration)));
            po.observe({ type: 'longtask' });
            setTimeout(() => {
              po.disconnect();
              resolve(total);
            }, 12_000);
          }),
      );
      console.log(
        `journal 50,000 records: main thread blocked ${blocked.toFixed(0)} ms in long tasks over 12 s idle on the sale screen`,
      );
    }
    await context.close();
  }
}
