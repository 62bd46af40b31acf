// A till's day in one tab: card lookups, then sales, in live mode against the Node simulator, and
// what the tab keeps afterwards (DOM nodes, event listeners, JavaScript heap after forced garbage
// collection) against a fresh Sale screen. Figures only; e2e/soak.spec.ts holds the bounds.
//
//   npx tsx scripts/bench-soak.ts [--lookups 300] [--sales 200]
//
// builds the terminal, serves it with `vite preview` on 4373 and the simulator on 4310, and prints
// the figures. soak() runs against servers that are already up.
import { execSync, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { chromium, expect, type Page } from '@playwright/test';
import { groupNumber } from '../src/domain/instrument';
import { demoDataset } from '../src/simulator/demo-dataset';
import { memoryAfterGC, type MemoryFigures } from '../e2e/support/memory';
import { LoyaltyServer } from '../kit/src/loyalty-server';
import { availableAmount, completeSale, goTo, keyNumber, liveSettingsSeeded, startSale } from '../kit/src/steps/index';
import { browserArgs, chromiumPath, startProcess, stopProcess } from './processes';

export interface SoakOptions {
  lookups: number;
  sales: number;
  /** Where the built terminal is served, e.g. http://127.0.0.1:4373. */
  baseURL: string;
  /** The Node simulator (npm run simulator), e.g. http://127.0.0.1:4310. Reset by the soak: its balances pay the sales. */
  simulatorURL: string;
  executablePath?: string;
  /** Also measures (after GC) every this many sales: shows whether growth is per sale. 0: only at the end. */
  sampleEvery?: number;
  /** Told what the soak is doing (one line a phase or sample). */
  log?: (line: string) => void;
}

export interface SoakResult {
  /** A fresh Sale screen, the terminal just opened. */
  baseline: MemoryFigures;
  /** Back on a fresh Sale screen after the lookups. */
  afterLookups: MemoryFigures;
  /** On the fresh Sale screen "Next sale" leaves after the last sale. */
  afterSales: MemoryFigures;
  samples: { sales: number; figures: MemoryFigures }[];
  seconds: { lookups: number; sales: number; total: number };
}

/**
 * The demo dataset's gift cards the server knows (issued, spent, expired, not yet valid, not issued,
 * the box of 200): never an unknown number; the 6th within 5 minutes would pause lookups (the guard's default
 * limit, `defaultGuardRule` in lib/card-lookup.ts).
 */
const lookupCards = demoDataset.loyaltyGroups[0]!.giftCards.filter((c) => c.number.startsWith('7001')).map(
  (c) => c.number,
);

/** The cards that pay the sales, with their balance in cents after a reset of the simulator. */
const payingCards = demoDataset.loyaltyGroups[0]!.giftCards.filter(
  (c) => c.status === 'issued' && c.amountNet >= 50 && !('startDate' in c && Date.parse(c.startDate) > Date.now()),
).map((c) => ({ number: c.number, cents: Math.round(c.amountNet * 100) }));

/** Amounts due, in turn (cents). */
const amounts = [125, 250, 75, 310, 100];

async function resetSimulator(simulatorURL: string) {
  const response = await fetch(`${simulatorURL}/_simulator/reset`, { method: 'POST' });
  if (!response.ok) throw new Error(`the simulator refused the reset (${response.status})`);
}

/** Card lookup: the number keyed, its details (heading with the grouped number, the available amount) on screen. */
async function lookUp(page: Page, number: string) {
  await keyNumber(page, number);
  const card = page.getByRole('region', { name: new RegExp(`${groupNumber(number)}$`) });
  await expect(availableAmount(card)).toBeVisible();
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * The card scanned on the open sale and the amount due taken from it, once the server's balance is
 * on screen: until the server answers, the tender panel shows (and offers from) the balance read in
 * an earlier sale, which is less than the card has once the simulator has been reset.
 */
async function payWithCard(page: Page, card: string, balance: number, due: number) {
  const panel = page.getByRole('region', { name: 'Pay with a card' });
  await panel.getByRole('heading', { name: 'Pay with a card' }).click();
  await page.keyboard.type(card);
  await page.keyboard.press('Enter');
  await expect(panel.locator('p', { hasText: 'Available:' })).toHaveText(`Available: €${euros(balance)}`);
  await panel.getByLabel('Amount to take from this card').fill(euros(due));
  await panel.getByRole('button', { name: `Take €${euros(due)}` }).click();
}

/** The Sale screen as the cashier finds it between sales. */
async function freshSaleScreen(page: Page) {
  await expect(page.getByLabel(/^Amount due/)).toBeVisible();
}

export async function soak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => undefined);
  const executablePath = options.executablePath ?? chromiumPath();
  const browser = await chromium.launch({ executablePath, args: browserArgs });
  const started = performance.now();
  try {
    await resetSimulator(options.simulatorURL);
    const context = await browser.newContext({
      baseURL: options.baseURL,
      viewport: { width: 1024, height: 768 },
      // As the e2e runs: the offline shell's worker stays out of the measurement.
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await liveSettingsSeeded(page, new LoyaltyServer(options.simulatorURL));
    await page.goto('/');
    await expect(page.getByText(`Live: ${new URL(options.simulatorURL).host}`)).toBeVisible();
    await freshSaleScreen(page);
    // The chunks the Sale screen prefetches once it is up are part of a started till.
    await page.waitForLoadState('networkidle');
    const baseline = await memoryAfterGC(page);
    log(`baseline (fresh Sale screen): ${format(baseline)}`);

    let t = performance.now();
    if (options.lookups > 0) {
      await goTo(page, 'Card lookup');
      for (let i = 0; i < options.lookups; i += 1) await lookUp(page, lookupCards[i % lookupCards.length]!);
      await goTo(page, 'Sale');
    }
    await freshSaleScreen(page);
    const lookupSeconds = (performance.now() - t) / 1000;
    const afterLookups = await memoryAfterGC(page);
    log(`after ${options.lookups} lookups (${lookupSeconds.toFixed(1)} s): ${format(afterLookups)}`);

    t = performance.now();
    const balances = new Map(payingCards.map((c) => [c.number, c.cents]));
    const samples: SoakResult['samples'] = [];
    for (let i = 0; i < options.sales; i += 1) {
      const due = amounts[i % amounts.length]!;
      let card = [...balances].find(([, cents]) => cents >= due)?.[0];
      if (!card) {
        // Between sales nothing is held: the demo balances can be restored under the terminal.
        await resetSimulator(options.simulatorURL);
        for (const c of payingCards) balances.set(c.number, c.cents);
        card = payingCards[0]!.number;
      }
      await startSale(page, euros(due));
      await payWithCard(page, card, balances.get(card)!, due);
      await completeSale(page);
      balances.set(card, balances.get(card)! - due);
      await page.getByRole('button', { name: 'Next sale' }).click();
      await freshSaleScreen(page);
      if (options.sampleEvery && (i + 1) % options.sampleEvery === 0 && i + 1 < options.sales) {
        const figures = await memoryAfterGC(page);
        samples.push({ sales: i + 1, figures });
        log(`after ${i + 1} sales: ${format(figures)}`);
      }
    }
    const salesSeconds = (performance.now() - t) / 1000;
    const afterSales = await memoryAfterGC(page);
    log(`after ${options.sales} sales (${salesSeconds.toFixed(1)} s): ${format(afterSales)}`);
    await context.close();
    return {
      baseline,
      afterLookups,
      afterSales,
      samples,
      seconds: { lookups: lookupSeconds, sales: salesSeconds, total: (performance.now() - started) / 1000 },
    };
  } finally {
    await browser.close();
  }
}

const format = (f: MemoryFigures) => `${f.nodes} nodes, ${f.listeners} listeners, ${f.heapMB.toFixed(2)} MB heap`;

/** The soak's figures in one line, against the goals (DOM within 20% of a fresh Sale screen, listeners flat, heap < 5 MB). */
export function soakLine(result: SoakResult, lookups: number, sales: number): string {
  const { baseline: b, afterSales: a } = result;
  const sign = (n: number) => (n >= 0 ? `+${n}` : String(n));
  return (
    `soak (live, one tab): ${lookups} lookups + ${sales} sales in ${result.seconds.total.toFixed(0)} s; after GC against a fresh Sale screen ` +
    `(${b.nodes} nodes, ${b.listeners} listeners, ${b.heapMB.toFixed(1)} MB): ` +
    `nodes ${sign(a.nodes - b.nodes)} (${((a.nodes / b.nodes - 1) * 100).toFixed(0)}%, goal within 20%), ` +
    `listeners ${sign(a.listeners - b.listeners)} (goal flat), heap ${sign(Number((a.heapMB - b.heapMB).toFixed(2)))} MB (goal < 5 MB)`
  );
}

async function main() {
  const arg = (name: string, fallback: number) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const lookups = arg('lookups', 300);
  const sales = arg('sales', 200);
  const sampleEvery = arg('sample-every', 0);
  execSync('npx vite build --logLevel error', { stdio: 'inherit' });
  const servers: ChildProcess[] = [];
  try {
    servers.push(await startProcess('npx', ['vite', 'preview', '--port', '4373', '--strictPort'], '4373'));
    servers.push(await startProcess('npx', ['tsx', 'src/simulator/node/main.ts', '--port', '4310'], 'listening'));
    const result = await soak({
      lookups,
      sales,
      sampleEvery,
      baseURL: 'http://127.0.0.1:4373',
      simulatorURL: 'http://127.0.0.1:4310',
      log: (line) => console.log(`soak: ${line}`),
    });
    console.log(soakLine(result, lookups, sales));
  } finally {
    for (const child of servers) stopProcess(child);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main().catch((error: unknown) => {
    console.error(`soak: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
