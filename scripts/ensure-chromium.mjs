#!/usr/bin/env node
// The end-to-end tests drive a real Chromium. These machines have no Playwright browser download,
// so the system Chromium is used; on a fresh Debian machine (as root) it is installed here.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
const found = candidates.find((p) => p && existsSync(p));
if (found) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('ensure-chromium: installing the system Chromium with apt-get…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  process.exit(0);
}
console.warn(
  'ensure-chromium: no system Chromium found; Playwright will try its own browser. Install one with `apt-get install chromium` or set CHROMIUM_PATH.',
);
