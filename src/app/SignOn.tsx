import { useState, type FormEvent } from 'react';
import { useFirstScreenT } from '@/lib/i18n/translate';
import { cashierActions } from '@/app/cashier-store';

/** A cashier signs on (operator id and name) before the cashier's screens: the journal names who did what. */
export function SignOn() {
  const t = useFirstScreenT();
  const [operatorId, setOperatorId] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = operatorId.trim();
    if (!/^[0-9A-Za-z-]{1,20}$/.test(id)) return setProblem(true);
    cashierActions.signedOn({ operatorId: id, name: name.trim().slice(0, 40) });
  };
  return (
    <form className="panel sign-on" noValidate onSubmit={submit}>
      <h2 className="screen-title">{t('cashier.title')}</h2>
      <p className="hint">{t('cashier.hint')}</p>
      <div className="field">
        <label htmlFor="cashier-id" className="field-label">
          {t('cashier.operatorId')}
        </label>
        <input
          id="cashier-id"
          className="input input-large"
          autoComplete="off"
          autoFocus
          value={operatorId}
          onChange={(e) => setOperatorId(e.target.value)}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? 'cashier-id-error' : undefined}
        />
        {problem && (
          <p id="cashier-id-error" className="field-error" role="alert">
            {t('cashier.idFormat')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="cashier-name" className="field-label">
          {t('cashier.name')}
        </label>
        <input
          id="cashier-name"
          className="input input-large"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button type="submit" className="button button-primary button-large">
        {t('cashier.signOn')}
      </button>
    </form>
  );
}
