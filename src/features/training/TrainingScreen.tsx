import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { instrumentQueries } from '@/api/loyalty-api';
import { groupNumber } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import type { ScenarioCard } from '@/domain/training-scenario';
import { FieldMessage } from '@/components/FieldMessage';
import { useT } from '@/lib/i18n';
import { useNavigationActions } from '@/lib/navigation-store';
import { useSettingsActions } from '@/lib/settings/store';
import { useTerminal } from '@/lib/terminal-context';
import { trainingDataReset } from '@/lib/training-events';
import { requestSeriesIssue } from '@/lib/issue-request';
import { outboxDb } from '@/outbox/db';
import { createReadModel } from '@/outbox/read-model';
import { switchScope, whatStopsTraining } from '@/lib/settings/switch-scope';

import { faultSetting, faultTargets, trainingFaults, type FaultTarget, type TrainingFault } from './fault-targets';

/**
 * The simulator's added latency: digits only, up to a minute. Number() took "1.500" (a German
 * 1 500) as 2, "1e3" as 1000 and "0x20" as 32; what is not plainly a number is refused, not guessed.
 */
const LATENCY_MS = { min: 0, max: 60_000 } as const;
const latencySchema = v.object({
  latency: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,5}$/, 'wholeRange'),
    v.transform(Number),
    v.minValue(LATENCY_MS.min, 'wholeRange'),
    v.maxValue(LATENCY_MS.max, 'wholeRange'),
  ),
});

/** What the simulator is set to do now (`GET /_simulator/faults`): its latency and the failure still armed. */
async function readFaults(
  fetcher: typeof fetch,
  simulatorAt: string,
): Promise<{ latencyMs?: number; next?: Record<string, unknown> }> {
  const response = await fetcher(`${simulatorAt}/faults`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) return {};
  const { latencyMs, next } = body as Record<string, unknown>;
  return {
    ...(typeof latencyMs === 'number' && { latencyMs }),
    ...(typeof next === 'object' && next !== null && { next: next as Record<string, unknown> }),
  };
}

/** The trainer's panel: scenario cards, reset, latency, and the next request's failure. */
export function TrainingScreen() {
  const t = useT();
  const terminal = useTerminal();
  const queryClient = useQueryClient();
  const { lookupRequested, screenChosen } = useNavigationActions();
  const { trainingStarted } = useSettingsActions();
  const latencyForm = useForm<v.InferInput<typeof latencySchema>, unknown, v.InferOutput<typeof latencySchema>>({
    resolver: valibotResolver(latencySchema),
    defaultValues: { latency: '0' },
  });
  const latencyError = latencyForm.formState.errors.latency;
  const [target, setTarget] = useState<FaultTarget>('payment');
  const [fault, setFault] = useState<TrainingFault>('error500');
  const [count, setCount] = useState(1);
  const [message, setMessage] = useState<string | null>(null);

  // In training nothing is sent to the live server: its money still on its way would wait, and a
  // hold lapse before its commit is sent. Training starts once the live server's money has settled.
  const startTraining = async () => {
    const stays = await switchScope(
      () => whatStopsTraining(createReadModel(outboxDb, terminal.scope)),
      trainingStarted,
    );
    setMessage(stays ? t(stays === 'unsettled' ? 'trainingPanel.unsettled' : `settings.${stays}`) : null);
  };

  // The latency shown is the simulator's, not the form's first value: after a visit elsewhere, a
  // failure set from here sends it again rather than 0 (which took the latency off unsaid).
  const { reset: resetLatency, setValue: setLatency, getFieldState } = latencyForm;
  const simulatorAt = terminal.training ? `${terminal.baseUrl}/_simulator` : null;
  useEffect(() => {
    if (!simulatorAt) return undefined;
    let live = true;
    void readFaults(terminal.fetch, simulatorAt).then(
      // What the trainer has typed meanwhile stays.
      (now) => {
        if (live && !getFieldState('latency').isDirty) setLatency('latency', String(now.latencyMs ?? 0));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [simulatorAt, terminal.fetch, setLatency, getFieldState]);

  if (terminal.mode === 'training' && !terminal.training)
    return (
      <p role="status" className="progress">
        <span className="spinner" aria-hidden="true" /> {t('training.starting')}
      </p>
    );
  if (!terminal.training) {
    return (
      <div className="screen training-panel">
        <h2 className="screen-title">{t('trainingPanel.title')}</h2>
        <p>{t('trainingPanel.intro')}</p>
        <button type="button" className="button button-primary button-large" onClick={() => void startTraining()}>
          {t('trainingPanel.start')}
        </button>
        <div role="status" aria-live="polite">
          {message && <p className="notice notice-error">{message}</p>}
        </div>
      </div>
    );
  }

  const simulator = (path: string, body?: unknown) =>
    terminal.fetch(`${terminal.baseUrl}/_simulator/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });

  const label = (card: ScenarioCard) =>
    `${t(`kind.${card.kind}`)}, ${t(`scenario.${card.situation}`, { amount: card.amount === undefined ? '' : formatMoney(card.amount, terminal.currency, terminal.locale) })}`;

  // Each action's outcome replaces the last one's; the last one's goes as the action starts, so
  // what the trainer reads is never an earlier action's.
  const reset = async () => {
    setMessage(null);
    await simulator('reset');
    resetLatency({ latency: '0' }); // the reset took the latency and the failures off
    trainingDataReset();
    await queryClient.invalidateQueries({ queryKey: instrumentQueries.all(terminal.scope) });
    setMessage(t('trainingPanel.resetDone'));
  };
  // Both send the latency: a refused one sends nothing, and the last outcome goes (it is not this one's).
  const refused = () => setMessage(null);
  const applyLatency = latencyForm.handleSubmit(async ({ latency: ms }) => {
    setMessage(null);
    // The simulator keeps one setting: what is left of a failure set before stays armed.
    const now = await readFaults(terminal.fetch, `${terminal.baseUrl}/_simulator`);
    await simulator('faults', { ...now, latencyMs: ms });
    setMessage(t('trainingPanel.latencySet', { ms }));
  }, refused);
  const failNext = latencyForm.handleSubmit(async ({ latency: ms }) => {
    setMessage(null);
    await simulator('faults', faultSetting(target, fault, count, ms));
    setMessage(
      t('trainingPanel.faultSet', {
        count,
        target: t(`trainingPanel.target.${target}`),
        fault: t(`trainingPanel.fault.${fault}`),
      }),
    );
  }, refused);

  return (
    <div className="screen training-panel">
      <h2 className="screen-title">{t('trainingPanel.title')}</h2>
      <p>{t('trainingPanel.intro')}</p>

      <section aria-labelledby="scenarios-heading">
        <h3 id="scenarios-heading">{t('trainingPanel.scenarios')}</h3>
        <ul className="scenario-list">
          {terminal.training.scenarios.map((card) => (
            <li key={card.number}>
              <button
                type="button"
                className="scenario-card"
                onClick={() => lookupRequested(card.kind, card.number)}
                aria-label={t('trainingPanel.use', { label: label(card) })}
              >
                <span className="scenario-kind">{t(`kind.${card.kind}`)}</span>
                <span className="scenario-label">{label(card)}</span>
                <span className="scenario-number">{groupNumber(card.number)}</span>
              </button>
            </li>
          ))}
        </ul>
        <h3>{t('trainingPanel.series')}</h3>
        <ul className="scenario-list">
          {terminal.training.scenarioSeries.map((s) => (
            <li key={s.seriesNumber}>
              <button
                type="button"
                className="scenario-card"
                onClick={() => {
                  requestSeriesIssue({ kind: s.kind, series: s.seriesNumber });
                  screenChosen('issue');
                }}
              >
                <span className="scenario-kind">{t(`kind.${s.kind}`)}</span>
                <span className="scenario-label">{t(`scenario.${s.situation}`)}</span>
                <span className="scenario-number">{s.seriesNumber}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="controls-heading" className="training-controls">
        <h3 id="controls-heading" className="visually-hidden">
          {t('trainingPanel.title')}
        </h3>
        <button type="button" className="button button-large" onClick={() => void reset()}>
          {t('trainingPanel.reset')}
        </button>
        <form className="field" noValidate onSubmit={(e) => void applyLatency(e)}>
          <label htmlFor="training-latency" className="field-label">
            {t('trainingPanel.latency')}
          </label>
          <div className="lookup-row">
            <input
              id="training-latency"
              className="input"
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={latencyError ? true : undefined}
              aria-describedby={latencyError ? 'training-latency-error' : undefined}
              {...latencyForm.register('latency')}
            />
            <button type="submit" className="button">
              {t('trainingPanel.applyLatency')}
            </button>
          </div>
          <FieldMessage id="training-latency-error" error={latencyError} vars={LATENCY_MS} />
        </form>
        <fieldset className="field fault-fields">
          <legend className="field-label">{t('trainingPanel.failNext')}</legend>
          <div className="lookup-row">
            <label htmlFor="training-target" className="visually-hidden">
              {t('trainingPanel.targetLabel')}
            </label>
            <select
              id="training-target"
              className="input"
              value={target}
              onChange={(e) => setTarget(e.target.value as FaultTarget)}
            >
              {faultTargets.map((f) => (
                <option key={f} value={f}>
                  {t(`trainingPanel.target.${f}`)}
                </option>
              ))}
            </select>
            <label htmlFor="training-fault" className="visually-hidden">
              {t('trainingPanel.faultLabel')}
            </label>
            <select
              id="training-fault"
              className="input"
              value={fault}
              onChange={(e) => setFault(e.target.value as TrainingFault)}
            >
              {trainingFaults.map((f) => (
                <option key={f} value={f}>
                  {t(`trainingPanel.fault.${f}`)}
                </option>
              ))}
            </select>
            <label htmlFor="training-fault-count" className="visually-hidden">
              {t('trainingPanel.faultCount')}
            </label>
            <select
              id="training-fault-count"
              className="input"
              value={count}
              onChange={(e) => setCount(Number(e.target.value))}
            >
              {[1, 2, 3, 5].map((n) => (
                <option key={n} value={n}>
                  {t('trainingPanel.faultCountOption', { count: n })}
                </option>
              ))}
            </select>
            <button type="button" className="button" onClick={() => void failNext()}>
              {t('trainingPanel.failNow')}
            </button>
          </div>
          <p className="hint">{t(`trainingPanel.targetHint.${target}`)}</p>
        </fieldset>
        <p role="status" className="hint">
          {message ?? ''}
        </p>
      </section>
    </div>
  );
}
