// npm run build:kit: the Playwright kit as a package in kit/dist: its module (vite, for Node), its
// types (tsc), the built terminal it serves, and the OpenAPI document of the Loyalty API.
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../src/simulator/openapi/document';

const run = (command: string) => execSync(command, { stdio: 'inherit' });

rmSync('kit/dist', { recursive: true, force: true });
if (!existsSync('dist/index.html') || process.argv.includes('--terminal'))
  run('npx vite build --logLevel error && npm run build:till-client');
run('npx vite build -c kit/vite.config.ts');
run('npx tsc -p kit/tsconfig.build.json');
// The types name the kit's peer, @playwright/test, never the packages it is made of (playwright,
// playwright-core): an integrator's install need not have them where the types look (pnpm, Yarn PnP).
const undeclared = (readdirSync('kit/dist/types', { recursive: true }) as string[])
  .filter((file) => file.endsWith('.d.ts'))
  .filter((file) =>
    /["'](playwright|playwright-core)(\/[^"']*)?["']/.test(readFileSync(join('kit/dist/types', file), 'utf8')),
  );
if (undeclared.length > 0)
  throw new Error(
    `kit: types name playwright or playwright-core, which the kit does not declare: ${undeclared.join(', ')}. ` +
      'Annotate the exported value with a type from @playwright/test.',
  );
mkdirSync('kit/dist', { recursive: true });
cpSync('dist', 'kit/dist/terminal', { recursive: true });
writeFileSync('kit/dist/openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log('kit: built into kit/dist (module, types, the terminal, openapi.json)');
