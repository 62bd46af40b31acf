/**
 * Every process the smoke suite starts (the preview server, the simulator, Xvfb, WebKitWebDriver
 * with its MiniBrowser, Firefox) runs in a process group of its own and is stopped with the whole
 * group when the run ends, however it ends: finished, a failed step, Ctrl-C, a CI time-out's SIGTERM.
 * A driver left running keeps its browser, an Xvfb its display, a server its port.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';

/** Process group leader → the signal that stops it for sure. */
const groups = new Map<number, NodeJS.Signals>();
const folders = new Set<string>();

function killGroup(pid: number, signal: NodeJS.Signals = 'SIGTERM') {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

let watching = false;
function watchExit() {
  if (watching) return;
  watching = true;
  process.once('exit', () => {
    for (const [pid, signal] of groups) killGroup(pid, signal);
    // A browser killed just now may still write a last file into its profile: let it be gone first
    // (an exiting Node can only wait synchronously).
    if (groups.size && folders.size) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    for (const folder of folders) removeFolder(folder);
  });
  for (const [signal, code] of [
    ['SIGHUP', 1],
    ['SIGINT', 2],
    ['SIGTERM', 15],
  ] as const)
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the browsers and servers`);
      process.exit(128 + code); // 'exit' above does the rest
    });
}

/**
 * A process group stopped with the run; also one this run did not spawn itself (puppeteer's
 * Firefox, stopped with SIGKILL as puppeteer does: on SIGTERM it takes its time to shut down,
 * and an exiting Node cannot wait for it).
 */
export function adopt(pid: number | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (pid === undefined) return;
  watchExit();
  groups.set(pid, signal);
}

/** A group that has ended by itself (a browser closed): its number may be reused. */
export function forget(pid: number | undefined) {
  if (pid !== undefined) groups.delete(pid);
}

/** A folder removed when the run ends. */
export function tempFolder(path: string) {
  watchExit();
  folders.add(path);
  return path;
}

export function removeFolder(path: string) {
  try {
    // A browser killed a moment ago may still be writing its last files into it.
    rmSync(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch (e) {
    console.error(`Could not remove ${path}: ${(e as Error).message}`);
  }
  folders.delete(path);
}

/** Spawns `command` as the leader of a new process group, stopped with the run. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { stdio: 'ignore', ...options, detached: true });
  if (child.pid !== undefined) {
    adopt(child.pid);
    const pid = child.pid;
    child.once('exit', () => groups.delete(pid));
  }
  return child;
}

/** Stops a group started here and waits for its leader to exit. */
export async function stopGroup(child: ChildProcess | undefined) {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child.pid);
  const timer = setTimeout(() => child.pid && killGroup(child.pid, 'SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Fails at once when something already answers on the port: it would be another run's server. */
export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Waits until `url` answers 2xx, or the process exits, or `timeoutMs` passes. */
export async function waitForUrl(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${child.spawnargs.join(' ')} exited (${child.exitCode ?? child.signalCode}) before ${url} answered`,
      );
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
