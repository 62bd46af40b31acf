// Draws the home-screen icons (public/icon-192.png, icon-512.png, icon-maskable-512.png) from the
// favicon's card, in the system Chromium. Run once when the mark changes: npx tsx scripts/make-icons.ts
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const card = (size: number, padding: number) => `
  <body style="margin:0;background:#fff">
    <svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
      <rect width="32" height="32" fill="#ffffff"/>
      <g transform="translate(${padding} ${padding}) scale(${(32 - 2 * padding) / 32})">
        <rect x="2" y="7" width="28" height="18" rx="3" fill="#0b5cad"/><rect x="2" y="11" width="28" height="4" fill="#fff"/>
        <rect x="5" y="19" width="9" height="2.5" rx="1" fill="#fff"/>
      </g>
    </svg>
  </body>`;

const executablePath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
for (const [file, size, padding] of [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['icon-maskable-512.png', 512, 4],
] as const) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(card(size, padding));
  await page.screenshot({ path: `public/${file}` });
  await page.close();
}
await browser.close();
