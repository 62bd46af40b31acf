import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import { PIN_PATTERN } from '@/lib/manager/pin';
import { managerActions, useHasPin, useLockedUntil, type PinUse } from '@/lib/manager/store';
import { useManagerUnlocked, useNow } from '@/lib/manager/use-unlocked';

const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function PinField({
  id,
  label,
  value,
  onChange,
  autoFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="input input-large"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        value={value}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.currentTarget.value.trim())}
      />
    </div>
  );
}

function ChoosePin({ use, focus, onPassed }: { use: PinUse; focus: boolean; onPassed: () => void }) {
  const t = useT();
  // Two gates can be on screen at once (a till's question over a locked screen): ids of their own.
  const id = useId();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!PIN_PATTERN.test(pin)) return setProblem(t('manager.pinFormat'));
    if (pin !== again) return setProblem(t('manager.pinMismatch'));
    // The PIN just chosen passes this gate too (none if another window chose one first: it is asked for).
    void managerActions.pinChosen(pin, use).then((chosen) => chosen && onPassed());
  };
  return (
    <form className="panel manager-gate" noValidate onSubmit={submit}>
      <h2 className="screen-title">{t('manager.chooseTitle')}</h2>
      <p className="hint">{t('manager.chooseHint')}</p>
      <PinField id={`${id}-new`} label={t('manager.newPin')} value={pin} onChange={setPin} autoFocus={focus} />
      <PinField id={`${id}-again`} label={t('manager.repeatPin')} value={again} onChange={setAgain} />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button-primary button-large">
        {t('manager.setPin')}
      </button>
    </form>
  );
}

function EnterPin({
  compact,
  use,
  focus,
  onPassed,
}: {
  compact: boolean;
  use: PinUse;
  focus: boolean;
  onPassed: () => void;
}) {
  const t = useT();
  const id = useId();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const lockedUntil = useLockedUntil();
  const now = useNow(lockedUntil, true);
  const locked = lockedUntil > now;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (checking || locked) return;
    setChecking(true);
    const result = await managerActions.pinEntered(pin, use);
    setChecking(false);
    setPin('');
    if (result.ok) onPassed();
    if (!result.ok) setProblem(result.reason === 'wrong' ? t('manager.wrongPin', { count: result.triesLeft }) : null);
  };
  return (
    <form className={compact ? 'manager-gate' : 'panel manager-gate'} noValidate onSubmit={(e) => void submit(e)}>
      {compact ? (
        <p>
          <strong>{t('manager.needed')}</strong>
        </p>
      ) : (
        <h2 className="screen-title">{t('manager.needed')}</h2>
      )}
      <PinField id={`${id}-pin`} label={t('manager.pin')} value={pin} onChange={setPin} autoFocus={focus} />
      {/* The lock is said once; its countdown ticks outside the alert, else each second is read out again. */}
      <div role="alert">
        {locked && (
          <p className="notice notice-error">
            <span aria-hidden="true">✕ </span>
            {t('manager.locked')}
          </p>
        )}
        {!locked && problem && <p className="field-error">{problem}</p>}
      </div>
      {locked && <p className="hint">{t('manager.lockedFor', { time: clock(lockedUntil - now) })}</p>}
      <button type="submit" className="button button-primary button-large" disabled={checking || locked}>
        {t('manager.unlock')}
      </button>
    </form>
  );
}

/**
 * What only a manager may do (settings, live/training, the journal and its export, un-issue,
 * flagged operations): shown once the manager's PIN is entered; the first use sets the PIN. With
 * `everyTime` (cash paid out of a card, a till's refund above the manager's amount) the PIN is asked for
 * this action itself, unlocked or not (the PIN chosen here, the first time, passes it), and passes
 * only this action: it unlocks nothing else (a €7 cash-out approved is no way into Settings).
 * `autoFocus={false}` where the gate comes unasked (a till's link): its PIN field waits to be
 * tapped, else the next card scanned types into it and its Enter counts as a wrong PIN.
 */
export function ManagerGate({
  children,
  compact = false,
  everyTime = false,
  autoFocus = true,
}: {
  children: ReactNode;
  compact?: boolean;
  everyTime?: boolean;
  autoFocus?: boolean;
}) {
  const hasPin = useHasPin();
  const unlocked = useManagerUnlocked();
  const [passed, setPassed] = useState(false);
  if (everyTime ? passed : unlocked) return children;
  const use = { unlock: !everyTime };
  return hasPin ? (
    <EnterPin compact={compact} use={use} focus={autoFocus} onPassed={() => setPassed(true)} />
  ) : (
    <ChoosePin use={use} focus={autoFocus} onPassed={() => setPassed(true)} />
  );
}
