#!/usr/bin/env node
// The smoke suite (e2e-engines) drives the built terminal in Debian's Firefox ESR and WebKitGTK
// (WebKitWebDriver and its MiniBrowser, on an Xvfb display). On a Debian machine where this runs
// as root, what is missing is installed here (about 45 s and 900 MB the first time); elsewhere it
// says what to install, and the suite reports each scenario as failed with the same words.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needs = [
  { path: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', pkg: 'firefox-esr', env: 'FIREFOX_PATH' },
  {
    path: process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
    pkg: 'webkit2gtk-driver',
    env: 'WEBKIT_DRIVER_PATH',
  },
  {
    path: process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    pkg: 'webkit2gtk-driver', // brings libwebkit2gtk-4.1-0, whose package holds MiniBrowser
    env: 'MINIBROWSER_PATH',
  },
  ...(process.env.DISPLAY ? [] : [{ path: '/usr/bin/Xvfb', pkg: 'xvfb', env: 'DISPLAY' }]),
];
const missing = needs.filter((n) => !existsSync(n.path));
if (missing.length === 0) process.exit(0);

const packages = [...new Set(missing.map((n) => n.pkg))];
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`ensure-engines: installing ${packages.join(', ')} with apt-get…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`, {
    stdio: 'inherit',
  });
  process.exit(0);
}
console.warn(
  `ensure-engines: ${missing.map((n) => n.path).join(', ')} not found: the Firefox and WebKit smoke suite will fail. ` +
    `Install them with \`apt-get install ${packages.join(' ')}\`, or name them with ${missing.map((n) => n.env).join(', ')}.`,
);
