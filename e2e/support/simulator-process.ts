import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoDataset } from '../../src/simulator/demo-dataset';

/**
 * A second simulator (`npm run simulator -- --data`) for what the shared one cannot show, such as
 * holds that lapse within seconds. Stopped with its whole process group.
 */
export async function startSimulator(
  port: number,
  changes: Record<string, unknown>,
): Promise<{ url: string; stop: () => void }> {
  const file = join(mkdtempSync(join(tmpdir(), 'sim-')), 'dataset.json');
  writeFileSync(file, JSON.stringify({ ...demoDataset, ...changes }));
  const child = spawn('npx', ['tsx', 'src/simulator/node/main.ts', '--port', String(port), '--data', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the simulator did not start')), 30_000);
    child.on('exit', (code) => reject(new Error(`the simulator exited (${code}) before it listened`)));
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    },
  };
}
