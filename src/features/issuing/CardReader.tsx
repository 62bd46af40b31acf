import { useState, type ReactNode, type Ref } from 'react';
import { LookupButton } from '@/components/LookupButton';
import { ErrorNotice } from '@/components/ErrorNotice';
import { useDelayedFlag } from '@/components/use-delayed-flag';
import { type Instrument, type InstrumentKind, groupNumber } from '@/domain/instrument';
import { errorText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import { useCardLookup } from '@/lib/card-lookup';
import { useScanner } from '@/lib/scanner';
import { useTerminal } from '@/lib/terminal-context';

/** Reads one card of the expected kind (scan or key), then hands it to `children`. */
export function CardReader({
  id,
  kind,
  children,
  inputRef,
}: {
  id: string;
  kind: InstrumentKind;
  children: (instrument: Instrument, done: () => void) => ReactNode;
  /** The number field (the focus comes back to it after an outcome's Next). */
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  const t = useT();
  const { locale } = useTerminal();
  const lookup = useCardLookup(null, { fallbackKind: kind });
  const [input, setInput] = useState('');
  const slow = useDelayedFlag(lookup.query.isFetching);
  const read = (text: string) => {
    setInput(text.trim());
    lookup.submit(text);
  };
  useScanner(read);
  const { target, query } = lookup;
  const wrongKind = target && target.kind !== kind;
  return (
    <div className="card-reader">
      <form
        className="lookup-row lookup-row-number"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          read(input);
        }}
      >
        <label htmlFor={`${id}-number`} className="visually-hidden">
          {t('lookup.numberLabel')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-number`}
          className="input input-large"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('lookup.numberLabel')}
        />
        <LookupButton />
      </form>
      {lookup.inputError && (
        <p className="field-error" role="alert">
          {t(lookup.inputError)}
        </p>
      )}
      {wrongKind && (
        <p className="notice notice-error" role="alert">
          {t('issue.wrongKind', { number: groupNumber(target.number), kind: t(`kind.${kind}`) })}
        </p>
      )}
      {slow && (
        <p role="status" className="progress">
          <span className="spinner" aria-hidden="true" /> {t('lookup.loading')}
        </p>
      )}
      {!wrongKind && target && query.error && !lookup.answer && !lookup.reading && (
        <ErrorNotice message={errorText(t, query.error, { kind: target.kind, locale })} onRetry={lookup.readAgain} />
      )}
      {/* Only the server's answer to this scan: a card is issued from what the server says now. */}
      {!wrongKind &&
        lookup.answer &&
        children(lookup.answer, () => {
          lookup.clear();
          setInput('');
        })}
    </div>
  );
}
