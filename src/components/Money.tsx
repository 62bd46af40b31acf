import { formatMoney, type Minor } from '@/domain/money';
import { useTerminal } from '@/lib/terminal-context';

/** An amount in minor units, in the terminal currency's own format. */
export function Money({ minor }: { minor: Minor }) {
  const { currency, locale } = useTerminal();
  return <span className="money">{formatMoney(minor, currency, locale)}</span>;
}
