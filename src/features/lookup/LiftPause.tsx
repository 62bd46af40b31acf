import { useState } from 'react';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import { useT } from '@/lib/i18n';
import { guardOf } from '@/lib/card-lookup';
import { useTerminal } from '@/lib/terminal-context';

/** The manager's PIN lifts a pause on lookups early, this scope's only (it goes into its journal as lifted). */
export function LiftPause({ onLifted }: { onLifted: () => void }) {
  const t = useT();
  const { scope } = useTerminal();
  const [asking, setAsking] = useState(false);
  const lift = (
    <button
      type="button"
      className="button"
      onClick={() => {
        guardOf(scope).lifted();
        onLifted();
      }}
    >
      {t('lookup.liftPause')}
    </button>
  );
  if (!asking)
    return (
      <button type="button" className="button" onClick={() => setAsking(true)}>
        {t('lookup.liftPause')}
      </button>
    );
  return <ManagerGate compact>{lift}</ManagerGate>;
}
