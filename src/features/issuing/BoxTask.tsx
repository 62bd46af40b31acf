import { useState } from 'react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, useWatch } from 'react-hook-form';
import type * as v from 'valibot';
import { AmountField } from '@/components/AmountField';
import { Fact } from '@/components/Fact';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import { Money } from '@/components/Money';
import { SlipView } from '@/lib/printing/SlipView';
import type { BoxSummary, CardBox } from '@/domain/card-box';
import { detectKind, groupNumber, parseInstrumentNumber, seriesOfNumber } from '@/domain/instrument';
import { useT, type MessageKey } from '@/lib/i18n';
import { refusalText } from '@/lib/error-text';
import { printSlip } from '@/lib/printing/print-slip';
import { useTerminal } from '@/lib/terminal-context';
import { boxFormSchema, boxNumbers, type BoxFormInput } from './box-form';
import { boxSlipDoc } from '@/lib/printing/slips/box-slip';
import { useBox } from './use-box';

const handled = (box: CardBox) => Object.keys(box.issued).length + Object.keys(box.skipped).length;

function BoxForm({ onStart }: { onStart: (numbers: string[], amount: number | undefined) => void }) {
  const t = useT();
  const { currency, locale, series } = useTerminal();
  const form = useForm<BoxFormInput>({ defaultValues: { first: '', last: '', count: '', amount: '' } });
  const [firstRaw, lastRaw, count] = useWatch({ control: form.control, name: ['first', 'last', 'count'] });
  const first = parseInstrumentNumber(firstRaw);
  const kind = first.ok ? detectKind(first.number, series) : null;
  // The series the numbers belong to, as their kind is told: by the longest prefix.
  const fixed = first.ok ? seriesOfNumber(first.number, 'giftCard', series)?.fixedAmount : undefined;
  const schema = boxFormSchema(currency, locale, fixed === undefined, series);
  const last = parseInstrumentNumber(lastRaw);
  const preview = boxNumbers({ first: first.ok ? first.number : '', last: last.ok ? last.number : '', count });
  const submit = form.handleSubmit(async (raw) => {
    const parsed = await valibotResolver(schema)(raw, undefined, { fields: {}, shouldUseNativeValidation: false });
    if (Object.keys(parsed.errors).length > 0) {
      for (const [name, error] of Object.entries(parsed.errors))
        form.setError(name as keyof BoxFormInput, { message: (error as { message?: string }).message });
      return;
    }
    const out = parsed.values as v.InferOutput<typeof schema>;
    onStart(boxNumbers(out), fixed ?? out.amount);
  });
  const problem = (name: 'first' | 'last') => form.formState.errors[name]?.message;
  return (
    <form noValidate className="issue-fields" onSubmit={(e) => void submit(e)}>
      <p className="hint">{t('box.rangeHint')}</p>
      <div className="field-row">
        <div className="field">
          <label htmlFor="box-first" className="field-label">
            {t('box.first')}
          </label>
          <input
            id="box-first"
            className="input"
            autoComplete="off"
            inputMode="numeric"
            aria-invalid={problem('first') ? true : undefined}
            {...form.register('first')}
          />
          {problem('first') && (
            <p className="field-error" role="alert">
              {t(`box.problem.${problem('first')}` as MessageKey)}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="box-last" className="field-label">
            {t('box.last')}
          </label>
          <input
            id="box-last"
            className="input"
            autoComplete="off"
            inputMode="numeric"
            aria-invalid={problem('last') ? true : undefined}
            {...form.register('last')}
          />
        </div>
        <div className="field field-narrow">
          <label htmlFor="box-count" className="field-label">
            {t('box.count')}
          </label>
          <input id="box-count" className="input" autoComplete="off" inputMode="numeric" {...form.register('count')} />
        </div>
      </div>
      {problem('last') && (
        <p className="field-error" role="alert">
          {t(`box.problem.${problem('last')}` as MessageKey)}
        </p>
      )}
      {kind !== null && kind !== 'giftCard' && (
        <p className="field-error" role="alert">
          {t('box.skip.notGiftCard')}
        </p>
      )}
      {fixed !== undefined ? (
        <p className="fixed-amount">
          {t('issue.fixedAmount')}:{' '}
          <strong>
            <Money minor={fixed} />
          </strong>
        </p>
      ) : (
        <AmountField
          id="box-amount"
          label={`${t('issue.amount')} (${currency})`}
          error={form.formState.errors.amount?.message}
          registration={form.register('amount')}
        />
      )}
      {preview.length > 0 && (
        <p className="notice notice-quiet" role="status">
          {t('box.cards', {
            count: preview.length,
            first: groupNumber(preview[0] ?? ''),
            last: groupNumber(preview.at(-1) ?? ''),
          })}
        </p>
      )}
      <button type="submit" className="button button-primary button-large button-wide">
        {t('box.start')}
      </button>
    </form>
  );
}

function Summary({ summary, cancelled, onNext }: { summary: BoxSummary; cancelled: boolean; onNext: () => void }) {
  const t = useT();
  const terminal = useTerminal();
  const doc = boxSlipDoc(t, terminal, summary);
  return (
    <div className="issue-done" role="status">
      <p className={cancelled ? 'notice notice-warn' : 'notice notice-ok'}>
        {!cancelled && <span aria-hidden="true">✓ </span>}
        {t(cancelled ? 'box.cancelled' : 'box.finished')}
      </p>
      <dl className="facts">
        <Fact id="box-issued" term={t('box.issued')}>
          {summary.issued}
        </Fact>
        <Fact id="box-total" term={t('box.total')}>
          <Money minor={summary.amount} />
        </Fact>
        {summary.first && (
          <Fact id="box-first-issued" term={t('box.firstIssued')}>
            {groupNumber(summary.first)}
          </Fact>
        )}
        {summary.last && (
          <Fact id="box-last-issued" term={t('box.lastIssued')}>
            {groupNumber(summary.last)}
          </Fact>
        )}
      </dl>
      {summary.skipped.length > 0 && (
        <>
          <h4>{t('box.skipped')}</h4>
          <ul className="plain-list">
            {summary.skipped.map((s) => (
              <li key={s.number}>
                <span className="instrument-number">{groupNumber(s.number)}</span> · {t(`box.skip.${s.why}`)}
              </li>
            ))}
          </ul>
        </>
      )}
      {summary.waiting > 0 && (
        <p className="notice notice-warn">{t('box.summaryWaiting', { count: summary.waiting })}</p>
      )}
      {summary.attention > 0 && (
        <p className="notice notice-warn">{t('box.attention', { count: summary.attention })}</p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button-large"
          onClick={() => void printSlip(<SlipView doc={doc} />, doc)}
        >
          {t('box.print')}
        </button>
        <button type="button" className="button button-primary button-large" onClick={onNext}>
          {t('box.another')}
        </button>
      </div>
    </div>
  );
}

/**
 * A box of pre-numbered gift cards activated at the card desk, by a manager: each card its own
 * issue, one at a time with a progress bar, stoppable between cards, continued after a crash.
 */
export function BoxTask() {
  const t = useT();
  const desk = useBox();
  const { box, running, ended, summary } = desk;
  /** A box not finished holding some of the cards asked for: continued, not started over them. */
  const [overlaps, setOverlaps] = useState<CardBox | null>(null);
  // A run that stopped before the box was done (the server gone, lookups paused) is not a summary:
  // the box waits, with its cards not asked yet, until it is continued.
  const stoppedEarly = ended !== null && ended !== 'finished' && ended !== 'cancelled';
  if (box && (running || !summary || stoppedEarly)) {
    const done = handled(box);
    return (
      <div className="box-run">
        <label htmlFor="box-progress" className="field-label">
          {t('box.progress')}: {t('box.progressText', { done, total: box.numbers.length })}
        </label>
        <progress id="box-progress" max={box.numbers.length} value={done} />
        {running && done === box.numbers.length && (
          <p className="progress" role="status">
            <span className="spinner" aria-hidden="true" /> {t('box.waiting')}
          </p>
        )}
        {!running && stoppedEarly && (
          <p className="notice notice-error" role="alert">
            {typeof ended === 'object'
              ? t('box.refused', { reason: refusalText(t, ended.refused, '–') })
              : t(ended === 'paused' ? 'box.paused' : ended === 'stopped' ? 'box.stopped' : 'box.unreachable')}
          </p>
        )}
        <div className="actions">
          {running ? (
            <button
              type="button"
              className="button button-large"
              disabled={box.state !== 'running'}
              onClick={() => void desk.cancel()}
            >
              {t('box.cancel')}
            </button>
          ) : (
            <ManagerGate compact>
              <button
                type="button"
                className="button button-primary button-large"
                onClick={() => desk.resume(box.boxId)}
              >
                {t('box.continue')}
              </button>
              <button type="button" className="button button-large" onClick={() => void desk.stop(box.boxId)}>
                {t('box.stopHere')}
              </button>
            </ManagerGate>
          )}
        </div>
      </div>
    );
  }
  if (summary) return <Summary summary={summary} cancelled={ended === 'cancelled'} onNext={desk.reset} />;
  return (
    <ManagerGate compact>
      {desk.unfinished.length > 0 && (
        <section className="box-unfinished" aria-labelledby="box-unfinished-heading">
          <h4 id="box-unfinished-heading">{t('box.unfinished')}</h4>
          <p className="hint">{t('box.unfinishedHint')}</p>
          <ul className="plain-list">
            {desk.unfinished.map((b) => (
              <li key={b.boxId} className="box-unfinished-row">
                <span>
                  {t('box.cards', {
                    count: b.numbers.length,
                    first: groupNumber(b.numbers[0] ?? ''),
                    last: groupNumber(b.numbers.at(-1) ?? ''),
                  })}{' '}
                  · {t('box.progressText', { done: handled(b), total: b.numbers.length })}
                </span>
                <span className="actions">
                  <button type="button" className="button" onClick={() => (setOverlaps(null), desk.resume(b.boxId))}>
                    {t('box.continue')}
                  </button>
                  <button type="button" className="button" onClick={() => (setOverlaps(null), void desk.stop(b.boxId))}>
                    {t('box.stopHere')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {overlaps && (
        <p className="notice notice-error" role="alert">
          {t('box.overlaps', {
            first: groupNumber(overlaps.numbers[0] ?? ''),
            last: groupNumber(overlaps.numbers.at(-1) ?? ''),
          })}
        </p>
      )}
      <BoxForm
        onStart={(numbers, amount) => {
          setOverlaps(null);
          void desk.start(numbers, amount).then((refused) => setOverlaps(refused?.overlaps ?? null));
        }}
      />
    </ManagerGate>
  );
}
