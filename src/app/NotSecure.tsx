import { useT } from '@/lib/i18n';

/**
 * Only a secure context (https, or localhost) gives the terminal what keeps its money safe: a random
 * id for each window and payment, the PIN's hash, each window's lock, the offline shell, the camera.
 * Opened over plain http from another machine (a tablet on the store's network), it says so at once
 * instead of failing at its first step.
 */
export function NotSecure() {
  const t = useT();
  return (
    <main className="app-main">
      <p role="alert" className="notice notice-error">
        {/* Its own address is a secure one (https, or this machine's): only a page framing it can be at fault. */}
        {window.location.protocol === 'https:' ||
        /^(localhost|.+\.localhost|127(\.\d+){3}|\[::1\])$/.test(window.location.hostname)
          ? t('error.notSecureFramed')
          : t('error.notSecure', { address: window.location.origin })}
      </p>
    </main>
  );
}
