/**
 * What the smoke suite drives: the built terminal (vite build into a folder of its own, served by
 * vite preview with the project's security headers) and the project's Node simulator for live mode.
 * Ports: ENGINES_PREVIEW_PORT (4573) and ENGINES_SIMULATOR_PORT (4510), away from the Chromium
 * e2e's 4173/4174/4010, so both can run on one machine.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { portIsFree, spawnGroup, stopGroup, waitForUrl } from './processes';

export const PREVIEW_PORT = Number(process.env.ENGINES_PREVIEW_PORT ?? 4573);
export const SIMULATOR_PORT = Number(process.env.ENGINES_SIMULATOR_PORT ?? 4510);
/** Its own build: the Chromium e2e rebuilds dist/ while it starts, and the two may run together. */
const OUT_DIR = 'test-results/engines/dist';

const vite = 'node_modules/.bin/vite';
const tsx = 'node_modules/.bin/tsx';

export interface Servers {
  terminal: string;
  simulator: string;
  stop(): Promise<void>;
}

export async function buildTerminal() {
  await promisify(execFile)(vite, ['build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

export async function startServers(): Promise<Servers> {
  for (const port of [PREVIEW_PORT, SIMULATOR_PORT])
    if (!(await portIsFree(port)))
      throw new Error(
        `Port ${port} is taken (another run?): set ENGINES_PREVIEW_PORT and ENGINES_SIMULATOR_PORT to free ones`,
      );
  const terminal = `http://127.0.0.1:${PREVIEW_PORT}`;
  const simulator = `http://127.0.0.1:${SIMULATOR_PORT}`;
  const preview = spawnGroup(vite, [
    'preview',
    '--outDir',
    OUT_DIR,
    '--port',
    String(PREVIEW_PORT),
    '--strictPort',
    '--host',
    '127.0.0.1',
  ]);
  const sim = spawnGroup(tsx, ['src/simulator/node/main.ts', '--port', String(SIMULATOR_PORT)]);
  const stop = async () => {
    await Promise.all([stopGroup(preview), stopGroup(sim)]);
  };
  try {
    await Promise.all([waitForUrl(`${terminal}/`, preview), waitForUrl(`${simulator}/_simulator/state`, sim)]);
  } catch (e) {
    await stop();
    throw e;
  }
  return { terminal, simulator, stop };
}

/** The simulator's own view (GET /_simulator/state), as the Chromium e2e reads it. */
export interface SimulatorState {
  instruments: { number: string; amountNet: number }[];
  authorizations: { instrumentId: string; amount: number; status: string }[];
  loyaltyPayments: { loyaltyCardId: string; approvedAmount: number; result: string; voided: boolean }[];
}

export async function simulatorState(simulator: string): Promise<SimulatorState> {
  return (await fetch(`${simulator}/_simulator/state`)).json() as Promise<SimulatorState>;
}

export async function resetSimulator(simulator: string) {
  const answer = await fetch(`${simulator}/_simulator/reset`, { method: 'POST' });
  if (!answer.ok) throw new Error(`The simulator's reset answered ${answer.status}`);
}
