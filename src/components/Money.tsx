import { formatMoney, type Minor } from '@/domain/money';
import { useTerminal } from '@/lib/terminal-context';

/** An amount in minor units, in the terminal currency's own format (or `currency`'s: a record kept in another). */
export function Money({ minor, currency }: { minor: Minor; currency?: string | undefined }) {
  const terminal = useTerminal();
  return <span className="money">{formatMoney(minor, currency ?? terminal.currency, terminal.locale)}</span>;
}
