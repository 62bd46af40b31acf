// What the scripts that drive a browser share: the system Chromium, its flags, and the servers they
// start and stop (the Node simulator, the dev server, vite preview).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The flags every browser this project starts runs with (the README's machines: no sandbox, no GPU, nothing fetched by itself). */
export const browserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium (Playwright's own browsers cannot be downloaded here). */
export const chromiumPath = (): string | undefined =>
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

/**
 * Starts a server in its own process group (so that stopping it also stops what npx started) and
 * resolves once `readyText` is on its output; one that does not start within a minute is stopped.
 */
export function startProcess(command: string, args: string[], readyText: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    const timer = setTimeout(() => {
      stopProcess(child);
      reject(new Error(`${command} ${args.join(' ')} did not start`));
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited (${code})`));
    });
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes(readyText)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
  });
}

/** Stops a server and what it started; one already gone is left alone. */
export function stopProcess(child: ChildProcess): void {
  child.removeAllListeners('exit');
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
