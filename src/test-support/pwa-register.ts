/**
 * vite-plugin-pwa's `virtual:pwa-register` exists only in Vite's build and dev server: unit tests
 * resolve it here (vitest.config.ts) and replace it with vi.mock to see what the terminal gives it.
 */
export function registerSW(): (reloadPage?: boolean) => Promise<void> {
  return async () => undefined;
}
