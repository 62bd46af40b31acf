// Which of the terminal's files run for one gift card tender: measured, not counted by hand
// (docs/architecture.md, "One gift card tender, file by file", is checked against it).
// Live mode against the Node simulator, the terminal served by the dev server (one module per
// file); V8's coverage is taken from the open sale to the completed sale: a card scanned, €20.00
// taken, the hold on screen, the sale completed. A file counts when one of its functions ran (a
// module's own evaluation does not). Prints the tender's own files, then those every screen runs
// and the receipt's, each group with its count.
//
//   npm run tender-path
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium, expect } from '@playwright/test';
import { LoyaltyServer } from '../kit/src/loyalty-server';
import { completeSale, liveSettingsSeeded, startSale, tender } from '../kit/src/steps/index';

const DEV = 'http://127.0.0.1:5291';
const SIM = 'http://127.0.0.1:4391';

function start(command: string, args: string[], readyText: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')} did not start`)), 60_000);
    child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited (${code})`)));
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes(readyText)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
  });
}

export async function tenderPath(): Promise<string[]> {
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: DEV,
      serviceWorkers: 'block',
      viewport: { width: 1024, height: 768 },
    });
    const page = await context.newPage();
    await liveSettingsSeeded(page, new LoyaltyServer(SIM));
    await page.goto('/');
    await expect(page.getByText(`Live: ${new URL(SIM).host}`)).toBeVisible();
    await startSale(page, '20.00');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await tender(page, '7001 0000 0001'.replaceAll(' ', ''), '20.00');
    await expect(page.getByText('On hold').first()).toBeVisible();
    await completeSale(page);
    await page.waitForTimeout(500);
    const entries = await page.coverage.stopJSCoverage();
    const files = new Set<string>();
    for (const entry of entries) {
      const path = new URL(entry.url).pathname;
      if (!path.startsWith('/src/')) continue;
      const ran = entry.functions.some((f) => f.functionName !== '' && f.ranges[0]!.count > 0);
      if (ran) files.add(path.slice(1));
    }
    return [...files].sort();
  } finally {
    await browser.close();
  }
}

/** What every screen runs whatever it does: the shell, the words, the terminal's context, the display widgets. */
const everyScreen = [
  /^src\/app\//,
  /^src\/lib\/i18n\//,
  /^src\/lib\/settings\//,
  /^src\/lib\/offline\//,
  /^src\/lib\/(terminal-context|navigation-store|browser-features)\.ts$/,
  /^src\/features\/till\/TillGate\.tsx$/,
  /^src\/features\/customer-display\//,
  /^src\/components\/(Money|Icon|Fact|LookupButton|ErrorNotice|use-busy|use-delayed-flag)\.tsx?$/,
];
/** The receipt the completed sale shows. */
const receipt = [/^src\/lib\/printing\//];

/** Listed in the table without running on this path: data (valibot runs the schemas) and what runs only on a failure. */
const listedNotRun = ['src/wire/answers.ts', 'src/api/errors.ts'];

/** The files docs/architecture.md's tender table names. */
function listed(): Set<string> {
  const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
  const from = doc.indexOf('## One gift card tender, file by file');
  const section = doc.slice(from, doc.indexOf('\n## ', from + 1));
  return new Set([...section.matchAll(/`(src\/[^`]+)`/g)].map((m) => m[1]!));
}

const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/'));

function print(title: string, files: string[]) {
  const folders = new Set(files.map(folderOf));
  console.log(`${title}: ${files.length} files in ${folders.size} folders`);
  for (const f of files) console.log(`  ${f}`);
}

const sim = await start('npx', ['tsx', 'src/simulator/node/main.ts', '--port', '4391'], '4391');
const dev = await start('npx', ['vite', '--port', '5291', '--strictPort', '--host', '127.0.0.1'], 'ready');
try {
  const files = await tenderPath();
  const matches = (patterns: RegExp[]) => (f: string) => patterns.some((p) => p.test(f));
  const shared = files.filter(matches(everyScreen));
  const slips = files.filter(matches(receipt));
  print(
    'the tender',
    files.filter((f) => !shared.includes(f) && !slips.includes(f)),
  );
  print('every screen runs', shared);
  print('the receipt', slips);
  const table = listed();
  const own = files.filter((f) => !shared.includes(f) && !slips.includes(f));
  const missing = own.filter((f) => !table.has(f));
  const stale = [...table].filter((f) => !own.includes(f) && !listedNotRun.includes(f));
  if (missing.length || stale.length) {
    console.log(`docs/architecture.md's table: ran, not listed: ${missing.join(', ') || 'none'}`);
    console.log(`docs/architecture.md's table: listed, did not run: ${stale.join(', ') || 'none'}`);
    process.exitCode = 1;
  } else console.log(`docs/architecture.md's table lists them all (${table.size} files)`);
} finally {
  for (const child of [sim, dev]) if (child.pid) process.kill(-child.pid);
}
