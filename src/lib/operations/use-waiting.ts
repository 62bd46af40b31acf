import { useEffect, useState } from 'react';
import { useScope } from '@/lib/settings/scope';
import { journal } from './journal';

/** How many recorded operations of this server still wait for an outcome, and how many need a manager. */
export function useWaitingOperations(): { waiting: number; attention: number } {
  const scope = useScope();
  const [counts, setCounts] = useState({ waiting: 0, attention: 0 });
  useEffect(() => {
    let live = true;
    const read = () =>
      void journal()
        .list(scope)
        .then((records) => {
          if (!live) return;
          const waiting = records.filter((r) => r.status === 'pending' || r.status === 'unknown').length;
          const attention = records.filter((r) => r.status === 'attention').length;
          setCounts((c) => (c.waiting === waiting && c.attention === attention ? c : { waiting, attention }));
        })
        .catch(() => undefined);
    read();
    const unsubscribe = journal().subscribe(read);
    const timer = setInterval(read, 5000);
    return () => {
      live = false;
      unsubscribe();
      clearInterval(timer);
    };
  }, [scope]);
  return counts;
}
