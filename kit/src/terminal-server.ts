import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { securityHeaders, tillClientHeaders } from '../../security-headers';
import { listenLocally, type LocalServer } from './listen';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

/** Where the packed kit keeps the built terminal (the kit's build copies `dist/` there). */
export const bundledTerminal = fileURLToPath(new URL('./terminal/', import.meta.url));

/**
 * The headers the terminal's docs ask for, but for one: a test's own till page (any origin) may frame
 * this terminal, as a store's till frames its own (docs/till-integration.md).
 */
const headers = {
  ...securityHeaders,
  'Content-Security-Policy': (securityHeaders['Content-Security-Policy'] ?? '').replace(
    /frame-ancestors [^;]*/,
    'frame-ancestors *',
  ),
};

/**
 * The built terminal served by the test's own process, one per worker, with the headers its
 * documentation asks of whoever serves it (docs/security.md): what `npm run preview` does, without
 * Vite. A path that is not a file is the terminal's own page (its screens live in the page).
 */
export function serveTerminal(root: string): Promise<LocalServer> {
  if (!existsSync(join(root, 'index.html')))
    throw new Error(
      `The kit serves the terminal from ${root}, and there is no built terminal there. ` +
        "Build the kit (npm run build:kit) or point it at yours: test.use({ terminalURL: 'https://…' }).",
    );
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      ...headers,
      ...(path.startsWith('/till-client/') ? tillClientHeaders : {}),
    });
    res.end(readFileSync(file));
  });
  return listenLocally(server);
}
