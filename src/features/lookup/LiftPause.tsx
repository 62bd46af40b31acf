import { useState } from 'react';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import { useT } from '@/lib/i18n';
import { lookupGuard } from '@/lib/card-lookup';

/** The manager's PIN lifts a pause on lookups early (it goes into the journal as lifted). */
export function LiftPause({ onLifted }: { onLifted: () => void }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const lift = (
    <button
      type="button"
      className="button"
      onClick={() => {
        lookupGuard.lifted();
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
