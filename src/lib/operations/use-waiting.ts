import { useEffect, useState } from 'react';
import { useScope } from '@/lib/settings/scope';
import { journal } from './journal';

/** How many recorded operations of this server still wait for a known outcome. */
export function useWaitingOperations(): number {
  const scope = useScope();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const read = () =>
      void journal()
        .list(scope)
        .then((records) => live && setCount(records.filter((r) => r.status === 'pending' || r.status === 'unknown').length))
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
  return count;
}
