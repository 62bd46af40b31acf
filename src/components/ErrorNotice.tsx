import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';

/** A failure in words, with the next step. Announced to screen readers. */
export function ErrorNotice({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry?: (() => void) | undefined;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div role="alert" className="notice notice-error">
      <p>
        <span aria-hidden="true" className="notice-icon">
          ✕{' '}
        </span>
        {message}
      </p>
      {children}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('error.retry')}
        </button>
      )}
    </div>
  );
}
