/**
 * Component tests render under React's StrictMode, as the terminal does in development: every
 * component mounts, unmounts and mounts again, so what it starts (a sender, a listener, a channel)
 * must be safe to start twice. Only where a test runs in a DOM (`@vitest-environment jsdom`).
 */
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ reactStrictMode: true });
}
