/**
 * The terminal's Content-Security-Policy and the headers only a server can send. The built
 * index.html carries the policy as a meta tag; `npm run preview` (and the e2e server) send it as
 * a header together with frame-ancestors, nosniff and the referrer policy. Whoever serves `dist/`
 * sends the same headers (docs/security.md).
 *
 * connect-src: the Loyalty server's address is a runtime setting, so the build allows what a
 * terminal may be pointed at: https anywhere, http only on this machine. A shop whose server is
 * plain http on its private network names it at build time: LOYALTY_CONNECT_SRC="http://10.0.0.5:8080".
 * So does a network receipt printer (Epson ePOS-Print) on plain http: LOYALTY_CONNECT_SRC="http://192.168.1.50".
 * frame-ancestors: only the terminal's own origin, unless LOYALTY_FRAME_ANCESTORS names the host
 * tills allowed to embed it.
 */
const connectSrc = [
  "'self'",
  'https:',
  'http://localhost:*',
  'http://127.0.0.1:*',
  ...(process.env.LOYALTY_CONNECT_SRC ?? '').split(/\s+/).filter(Boolean),
];
const frameAncestors = ["'self'", ...(process.env.LOYALTY_FRAME_ANCESTORS ?? '').split(/\s+/).filter(Boolean)];

const directives: Record<string, string[]> = {
  'default-src': ["'self'"],
  // 'wasm-unsafe-eval' lets the camera's barcode reader (ZXing, WebAssembly) compile; it allows no JavaScript eval.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': connectSrc,
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

const join = (d: Record<string, string[]>) =>
  Object.entries(d)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');

/** For the meta tag (frame-ancestors is ignored there: a browser takes it only from a header). */
export const contentSecurityPolicy = join(directives);

/** What the project's own preview server sends with every answer. */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': join({ ...directives, 'frame-ancestors': frameAncestors }),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'geolocation=(), microphone=(), payment=()',
};

/** The dev server needs inline scripts for hot reload: it sends only what does not break them. */
export const devHeaders: Record<string, string> = {
  'Content-Security-Policy': `frame-ancestors ${frameAncestors.join(' ')}`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The demo till (public/till-demo.html) is another page, a till's: it frames the terminal, which
 * may be on another origin (?terminal=…), so it allows frames where the terminal's policy does not.
 */
export const demoTillHeaders: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'self' http: https:; object-src 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The till client (`/till-client/…`) is imported by a till on another origin (its page imports the
 * module from the terminal's address): a module script is fetched with CORS, so it is served to any
 * origin. It is public code and carries no credentials.
 */
export const tillClientHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};
