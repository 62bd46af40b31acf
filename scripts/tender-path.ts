// Which of the terminal's files run for one gift card tender, measured: docs/architecture.md's
// table ("One gift card tender, file by file") is checked against it.
// Live mode against the Node simulator, the terminal served by the dev server (one module per
// file); V8's coverage is taken from the open sale to the completed sale: a card scanned, €20.00
// taken, the hold on screen, the sale completed. A file counts when one of its functions ran (a
// module's own evaluation does not; a module first loaded during the measure is said). Prints the tender's
// own files, then those every screen runs and the receipt's (both lists below), each with its count;
// exits 1 when the table names a file that did not run or misses one that did.
//
//   npm run tender-path
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium, expect } from '@playwright/test';
import { LoyaltyServer } from '../kit/src/loyalty-server';
import { completeSale, openLiveTerminal, startSale, tender } from '../kit/src/steps/index';
import { browserArgs, chromiumPath, startProcess, stopProcess } from './processes';

const DEV_PORT = 5291;
const SIM_PORT = 4391;

/** What every screen runs whatever it does: the shell, the words, the terminal's context and settings, the display widgets. */
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
/** In the table without a function of theirs running on this path: the answers' schemas (data valibot runs), and what runs only on a failure. */
const listedNotRun = ['src/wire/answers.ts', 'src/api/errors.ts'];

const children: ChildProcess[] = [];
const stopAll = () => children.splice(0).forEach(stopProcess);
const start = async (command: string, args: string[], readyText: string) =>
  void children.push(await startProcess(command, args, readyText));

/** The files (src/…) one of whose functions ran while the tender was taken and the sale completed. */
async function measure(devURL: string, server: LoyaltyServer): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: browserArgs });
  try {
    const context = await browser.newContext({
      baseURL: devURL,
      serviceWorkers: 'block',
      viewport: { width: 1024, height: 768 },
    });
    const page = await context.newPage();
    await openLiveTerminal(page, server);
    await startSale(page, '20.00');
    // The open sale's chunks, and what the sale screen fetches once it is up, loaded before the measure.
    await page.waitForLoadState('networkidle');
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await tender(page, '700100000001', '20.00');
    await expect(page.getByText('On hold').first()).toBeVisible();
    await completeSale(page);
    const entries = await page.coverage.stopJSCoverage();
    const files = new Set<string>();
    const loaded: string[] = [];
    for (const entry of entries) {
      const path = new URL(entry.url).pathname;
      if (!path.startsWith('/src/')) continue;
      const own = (f: (typeof entry.functions)[number]) => !(f.functionName === '' && f.ranges[0]!.startOffset === 0);
      // A module first loaded during the measure: its evaluation is not a function of it that ran, and
      // the dev server's Fast Refresh code appended to it runs once then. Said, since it may count.
      if (entry.functions.some((f) => !own(f) && f.ranges[0]!.count > 0)) loaded.push(path.slice(1));
      const ran = entry.functions.some((f) => own(f) && f.ranges[0]!.count > 0);
      if (ran) files.add(path.slice(1));
    }
    if (loaded.length)
      console.log(`loaded during the measure (Fast Refresh code may count them): ${loaded.join(', ')}`);
    return [...files].sort();
  } finally {
    await browser.close();
  }
}

/** The files docs/architecture.md's tender table names. */
function listed(): Set<string> {
  const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
  const from = doc.indexOf('\n## One gift card tender, file by file');
  if (from < 0) throw new Error('docs/architecture.md has no section "One gift card tender, file by file"');
  const to = doc.indexOf('\n## ', from + 1);
  const section = doc.slice(from, to < 0 ? undefined : to);
  return new Set([...section.matchAll(/`(src\/[^`]+)`/g)].map((m) => m[1]!));
}

const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/'));

function print(title: string, files: string[]) {
  console.log(`${title}: ${files.length} files in ${new Set(files.map(folderOf)).size} folders`);
  for (const f of files) console.log(`  ${f}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });

try {
  await start('npx', ['tsx', 'src/simulator/node/main.ts', '--port', String(SIM_PORT)], 'listening');
  await start('npx', ['vite', '--port', String(DEV_PORT), '--strictPort', '--host', '127.0.0.1'], 'ready');
  const files = await measure(`http://127.0.0.1:${DEV_PORT}`, new LoyaltyServer(`http://127.0.0.1:${SIM_PORT}`));
  const matches = (patterns: RegExp[]) => (f: string) => patterns.some((p) => p.test(f));
  const shared = files.filter(matches(everyScreen));
  const slips = files.filter(matches(receipt));
  const own = files.filter((f) => !shared.includes(f) && !slips.includes(f));
  print('the tender (files whose functions ran)', own);
  const data = listedNotRun.filter((f) => f.startsWith('src/wire/'));
  const withData = [...own, ...data];
  console.log(
    `  with the answers' schemas it parses with (${data.join(', ')}): ${withData.length} files in ${new Set(withData.map(folderOf)).size} folders`,
  );
  print('every screen runs', shared);
  print('the receipt', slips);
  const table = listed();
  const missing = own.filter((f) => !table.has(f));
  const stale = [...table].filter((f) => !own.includes(f) && !listedNotRun.includes(f));
  const absent = listedNotRun.filter((f) => !table.has(f));
  if (missing.length || stale.length || absent.length) {
    console.log(`docs/architecture.md's table: ran, not listed: ${missing.join(', ') || 'none'}`);
    console.log(`docs/architecture.md's table: listed, did not run: ${stale.join(', ') || 'none'}`);
    if (absent.length) console.log(`docs/architecture.md's table: not listed: ${absent.join(', ')}`);
    process.exitCode = 1;
  } else console.log(`docs/architecture.md's table lists them all (${table.size} files)`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  stopAll();
}
