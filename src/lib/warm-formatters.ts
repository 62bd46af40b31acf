import { useEffect } from 'react';
import { formatMoney } from '@/domain/money';

/**
 * The first card shown formats money and dates in the terminal's locale, and a browser loads that
 * locale's data the first time it is asked (a few milliseconds, four times that on a slow tablet):
 * asked while the terminal is idle, not while the cashier waits for the first card's amounts.
 */
export function useWarmFormatters(locale: string, currency: string): void {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((work: () => void) => window.setTimeout(work, 1000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    let handle = idle(() => {
      formatMoney(0, currency, locale);
      handle = idle(
        () => void import('@/lib/format-date').then(({ formatDate }) => formatDate(new Date().toISOString(), locale)),
      );
    });
    return () => cancel(handle);
  }, [locale, currency]);
}
