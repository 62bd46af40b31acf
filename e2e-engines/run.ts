/**
 * npm run test:engines [-- firefox|webkit|chromium ...] [--only <regexp>] [--shots <folder>] [--repeat <n>]
 *
 * The smoke suite over the built terminal, in Firefox ESR and then WebKitGTK (one browser at a
 * time): a line per scenario per engine, a summary, test-results/engines.json for the test summary,
 * exit 1 on any failure. Every browser, driver, display and server it started is stopped on the
 * way out, also on a failure or Ctrl-C (processes.ts).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Driver, Engine, EngineName } from './driver';
import { FIREFOX, CHROMIUM, launchChromium, launchFirefox } from './puppeteer';
import { scenarios, type Context } from './scenarios';
import { buildTerminal, resetSimulator, startServers } from './servers';
import { MINIBROWSER, WEBKIT_DRIVER, launchWebKit } from './webkit';

const RESULTS = 'test-results/engines';
const SCENARIO_TIMEOUT_MS = Number(process.env.ENGINES_SCENARIO_TIMEOUT_MS ?? 60_000);

const engines: Record<EngineName, { launch: () => Promise<Engine>; needs: [string, string][] }> = {
  firefox: { launch: launchFirefox, needs: [[FIREFOX, 'apt-get install firefox-esr (or set FIREFOX_PATH)']] },
  webkit: {
    launch: launchWebKit,
    needs: [
      [WEBKIT_DRIVER, 'apt-get install webkit2gtk-driver (or set WEBKIT_DRIVER_PATH)'],
      [
        MINIBROWSER,
        'apt-get install webkit2gtk-driver: MiniBrowser comes with libwebkit2gtk-4.1-0 (or set MINIBROWSER_PATH)',
      ],
      ...(process.env.DISPLAY
        ? []
        : ([['/usr/bin/Xvfb', 'apt-get install xvfb (or set DISPLAY)']] as [string, string][])),
    ],
  },
  chromium: { launch: launchChromium, needs: [[CHROMIUM, 'apt-get install chromium (or set CHROMIUM_PATH)']] },
};

function options(argv: string[]) {
  const chosen: EngineName[] = [];
  let only: string | null = null;
  let shots = process.env.ENGINES_SHOTS ?? null;
  let repeat = 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--only') only = argv[++i] ?? '';
    else if (arg === '--shots') shots = argv[++i] ?? null;
    else if (arg === '--repeat') repeat = Math.max(1, Number(argv[++i]) || 1);
    else if (arg in engines) chosen.push(arg as EngineName);
    else
      throw new Error(
        `Unknown argument ${arg}: engines are ${Object.keys(engines).join(', ')}; --only <regexp>, --shots <folder>, --repeat <n>`,
      );
  }
  return { chosen: chosen.length ? chosen : (['firefox', 'webkit'] as EngineName[]), only, shots, repeat };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const slug = (s: string) => s.replace(/\W+/g, '-').replace(/^-|-$/g, '');

interface Result {
  engine: EngineName;
  scenario: string;
  ok: boolean;
  ms: number;
  error?: string;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** What the screen showed when a step failed: a picture, and the text of the main region. */
async function evidence(t: Driver, name: string) {
  const picture = `${RESULTS}/${t.engine}-${slug(name)}.png`;
  await withTimeout(t.screenshot(picture), 5000, 'the screenshot').catch(() => undefined);
  const text = await withTimeout(
    t.evaluate(() => document.querySelector('main')?.innerText ?? document.body.innerText),
    5000,
    'reading the screen',
  ).catch(() => '(could not read the screen)');
  const screen = String(text).replace(/\s+/g, ' ').slice(0, 400);
  // No terminal on the page: its entry script threw, most likely. Loaded once more under another
  // address it runs again and throws again, here, where it can be read (WebDriver classic has no
  // console; WebKit's import of the module that threw does not hand its error on).
  const startup = screen
    ? ''
    : await withTimeout(t.evaluate(startupError), 5000, 'asking the entry script').catch((e: unknown) => String(e));
  return `    screen: ${screen || '(empty)'}${startup ? `\n    the terminal did not start: ${startup}` : ''}\n    picture: ${picture}`;
}

/** Evaluated in the page: the error the terminal's entry module throws, if it does. */
async function startupError(): Promise<string> {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  if (!entry) return 'no entry script on the page';
  try {
    await import(/* @vite-ignore */ `${entry}?again`);
    return '';
  } catch (e) {
    return String(e);
  }
}

async function runEngine(name: EngineName, context: Context, only: string | null, repeat: number, results: Result[]) {
  const matching = scenarios.filter((s) => !only || new RegExp(only, 'i').test(s.name));
  // --repeat: each scenario again and again, for a failure that comes once in a while.
  const chosen = matching.flatMap((s) => Array.from({ length: repeat }, () => s));
  const fail = (scenario: string, error: string) => {
    results.push({ engine: name, scenario, ok: false, ms: 0, error });
    console.log(`  ✘ ${name.padEnd(8)} ${scenario}\n    ${error}`);
  };
  const missing = engines[name].needs.filter(([path]) => !existsSync(path));
  if (missing.length) {
    const why = missing.map(([path, fix]) => `${path} is missing: ${fix}`).join('; ');
    for (const s of chosen) fail(s.name, why);
    return;
  }
  const launched = Date.now();
  let engine: Engine;
  try {
    engine = await withTimeout(engines[name].launch(), 60_000, `starting ${name}`);
  } catch (e) {
    for (const s of chosen) fail(s.name, `${name} did not start: ${(e as Error).message}`);
    return;
  }
  const started = Date.now() - launched;
  try {
    for (const scenario of chosen) {
      const t0 = Date.now();
      let t: Driver | undefined;
      try {
        await resetSimulator(context.simulator);
        t = await withTimeout(engine.newTerminal({ width: 1024, height: 768 }), 30_000, 'opening a terminal');
        await withTimeout(scenario.run(t, context), SCENARIO_TIMEOUT_MS, scenario.name);
        results.push({ engine: name, scenario: scenario.name, ok: true, ms: Date.now() - t0 });
        console.log(`  ✔ ${name.padEnd(8)} ${scenario.name} (${seconds(Date.now() - t0)})`);
      } catch (e) {
        const message = (e as Error).message;
        const seen = t ? `\n${await evidence(t, `${scenario.name}`)}` : '';
        results.push({ engine: name, scenario: scenario.name, ok: false, ms: Date.now() - t0, error: message });
        console.log(`  ✘ ${name.padEnd(8)} ${scenario.name} (${seconds(Date.now() - t0)})\n    ${message}${seen}`);
      } finally {
        await withTimeout(t?.close() ?? Promise.resolve(), 10_000, 'closing the terminal').catch((e: unknown) =>
          console.log(`    (${(e as Error).message})`),
        );
      }
    }
  } finally {
    await withTimeout(engine.close(), 15_000, `closing ${name}`).catch(() => undefined);
  }
  const total = Date.now() - launched;
  console.log(`  ${name}: ${engine.version}, started in ${seconds(started)}, all in ${seconds(total)}`);
}

async function main() {
  const { chosen, only, shots, repeat } = options(process.argv.slice(2));
  mkdirSync(RESULTS, { recursive: true });
  if (shots) mkdirSync(shots, { recursive: true });
  const began = Date.now();
  const results: Result[] = [];
  if (process.env.ENGINES_SKIP_BUILD !== '1') await buildTerminal();
  const servers = await startServers();
  console.log(
    `Smoke suite: the built terminal at ${servers.terminal}, the simulator at ${servers.simulator} (${seconds(Date.now() - began)})`,
  );
  try {
    for (const name of chosen)
      await runEngine(name, { terminal: servers.terminal, simulator: servers.simulator, shots }, only, repeat, results);
  } finally {
    await servers.stop();
  }
  const failed = results.filter((r) => !r.ok).length;
  const passed = results.length - failed;
  writeFileSync(`${RESULTS}.json`, JSON.stringify({ passed, failed, results }, null, 2));
  console.log(
    `Smoke suite: ${passed} passed, ${failed} failed (${chosen.join(', ')}) in ${seconds(Date.now() - began)}`,
  );
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
