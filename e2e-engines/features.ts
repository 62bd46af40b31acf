/**
 * npm run engines:features [-- firefox webkit chromium]
 *
 * What each engine offers the terminal, asked in the built terminal's own page (a secure context):
 * the table in docs/engines.md, printed as Markdown so the page can be brought up to date.
 */
import type { Engine, EngineName } from './driver';
import { launchChromium, launchFirefox } from './puppeteer';
import { buildTerminal, startServers } from './servers';
import { launchWebKit } from './webkit';

/** Evaluated in the page; a permission prompt nobody answers (headless) must not hang it. */
export async function features(): Promise<Record<string, string>> {
  const answer = <T>(promise: Promise<T>, ms = 2000) =>
    Promise.race([promise, new Promise<string>((resolve) => setTimeout(() => resolve('no answer (a prompt)'), ms))]);
  const attempt = async (f: () => Promise<string>) => {
    try {
      return await f();
    } catch (e) {
      return `throws ${String(e)}`;
    }
  };
  const idb = await attempt(() =>
    answer(
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('engines-features-probe', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('s', 'readwrite');
          tx.objectStore('s').put({ at: 1 }, 'k');
          tx.oncomplete = () => {
            const get = db.transaction('s').objectStore('s').get('k');
            get.onsuccess = () => {
              db.close();
              resolve(get.result?.at === 1 ? 'works' : 'read back wrong');
            };
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    ),
  );
  const storage = navigator.storage as StorageManager | undefined;
  const persisted = await attempt(async () =>
    storage?.persist ? `persist() → ${String(await answer(storage.persist()))}` : 'navigator.storage undefined',
  );
  const devices = await attempt(async () => {
    if (!navigator.mediaDevices) return 'undefined';
    const list = await answer(navigator.mediaDevices.enumerateDevices());
    return Array.isArray(list) ? `present, ${list.length} devices` : `present, enumerateDevices: ${list}`;
  });
  const yesNo = (b: boolean) => (b ? 'yes' : 'no');
  return {
    'navigator.serial (WebSerial printer)': yesNo('serial' in navigator),
    'navigator.usb (WebUSB printer)': yesNo('usb' in navigator),
    'BarcodeDetector (camera scanning; else ZXing)': yesNo('BarcodeDetector' in window),
    'navigator.storage.persist()': persisted,
    'display-mode: standalone': yesNo(matchMedia('(display-mode: standalone)').matches),
    'navigator.locks': yesNo('locks' in navigator),
    BroadcastChannel: yesNo(typeof BroadcastChannel === 'function'),
    requestIdleCallback: yesNo(typeof requestIdleCallback === 'function'),
    'IndexedDB (open, write, read back)': idb,
    'indexedDB.databases()': yesNo(typeof indexedDB.databases === 'function'),
    'navigator.mediaDevices': devices,
    'navigator.serviceWorker': yesNo('serviceWorker' in navigator),
    'user agent': navigator.userAgent,
  };
}

const launchers: Record<EngineName, () => Promise<Engine>> = {
  firefox: launchFirefox,
  webkit: launchWebKit,
  chromium: launchChromium,
};

async function main() {
  const names = process.argv.slice(2).filter((a) => a in launchers) as EngineName[];
  const chosen: EngineName[] = names.length ? names : ['chromium', 'firefox', 'webkit'];
  if (process.env.ENGINES_SKIP_BUILD !== '1') await buildTerminal();
  const servers = await startServers();
  const columns: { name: string; values: Record<string, string> }[] = [];
  try {
    for (const name of chosen) {
      const engine = await launchers[name]();
      try {
        const t = await engine.newTerminal({ width: 1024, height: 768 });
        await t.goto(`${servers.terminal}/`);
        columns.push({ name: `${name} (${engine.version})`, values: await t.evaluate(features) });
        await t.close();
      } finally {
        await engine.close();
      }
    }
  } finally {
    await servers.stop();
  }
  const rows = Object.keys(columns[0]?.values ?? {});
  console.log(`| in the built terminal's page | ${columns.map((c) => c.name).join(' | ')} |`);
  console.log(`| --- | ${columns.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row} | ${columns.map((c) => c.values[row]).join(' | ')} |`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
