import { useEffect } from 'react';
import { journal } from '@/lib/operations/journal';
import { useRunner } from '@/lib/operations/use-runner';
import { useTerminal } from '@/lib/terminal-context';

const RETRY_MS = 5000;
const issuing = /\.(issue|issueInSeries|unissue)$/;

/**
 * Issues and un-issues whose answer never came (a reload, a crash, a lost answer) are sent again
 * with the same key until the outcome is known. Sale operations are resolved by the sale's own
 * recovery, which also updates their tender lines.
 */
export function IssueRecovery() {
  const runner = useRunner();
  const { scope } = useTerminal();
  useEffect(() => {
    let stopped = false;
    const run = async () => {
      const records = await journal().list(scope);
      for (const record of records) {
        if (stopped) return;
        if ((record.status === 'unknown' || record.status === 'pending') && issuing.test(record.request.type) && !runner.isInFlight(record.id)) {
          await runner.retry(record.id);
        }
      }
    };
    const timer = setInterval(() => void run().catch(() => undefined), RETRY_MS);
    void run().catch(() => undefined);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [runner, scope]);
  return null;
}
