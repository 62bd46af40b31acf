import { openDB } from 'idb';
import type { SeriesConfig } from '../../domain/instrument';
import { currencyDigits, majorToMinor } from '../../domain/money';
import { parseDataset } from '../engine/dataset';
import { createEngine } from '../engine/engine';
import { withDatasetAdditions, type EngineState } from '../engine/state';
import { createSimulatorApp } from '../http/app';
import { demoDataset, scenarioCards, scenarioSeries } from '../demo-dataset';
import { trainingFacts } from '../training-facts';
import { simulatorFetch } from './fetch-adapter';

const DB_NAME = 'loyalty-terminal-training';
const STORE = 'simulator';
const STATE_KEY = 'engine-state';

/**
 * The simulator inside the page (training mode). Its state is kept in its own IndexedDB database,
 * written with strict durability after every change, so a reload continues where the trainer was.
 * Loaded with import(): the live terminal's bundle does not carry it.
 */
/** A later task (the simulator shares only the domain core with the terminal, so not lib's). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function startTrainingServer() {
  // Three short tasks rather than one long one on a slow tablet: this chunk's evaluation, the
  // currency's formatter (the first money of the page: the browser loads its currency data), the
  // dataset's check.
  await nextTask();
  currencyDigits(trainingFacts.currency);
  await nextTask();
  const parsed = parseDataset(demoDataset);
  if (!parsed.ok) throw new Error(`Built-in dataset is invalid: ${parsed.problems.join('; ')}`);
  const { dataset } = parsed;
  // A browser that keeps nothing (IndexedDB missing or refused) still rehearses: the state lives
  // in memory until the page closes.
  const db = await Promise.resolve()
    .then(() => openDB(DB_NAME, 1, { upgrade: (database) => void database.createObjectStore(STORE) }))
    .catch(() => null);
  const stored = db ? ((await db.get(STORE, STATE_KEY)) as EngineState | undefined) : undefined;
  // Kept by an earlier build: the cards and series added to the dataset since are added to it.
  const engine = createEngine(dataset, {
    state: stored?.version === 1 ? withDatasetAdditions(stored, dataset) : undefined,
  });
  const app = createSimulatorApp(engine, {
    async onChange() {
      if (!db) return;
      const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
      await Promise.all([tx.store.put(structuredClone(engine.state), STATE_KEY), tx.done]);
    },
  });

  const group = dataset.loyaltyGroups[0];
  const token = dataset.tokens[0];
  if (!group || !token) throw new Error('Built-in dataset has no loyalty group or token');
  const series: SeriesConfig[] = [
    ...group.giftCardSeries.map((s) => ({
      prefix: s.prefix,
      kind: 'giftCard' as const,
      seriesNumber: s.seriesNumber,
      livePrinted: s.issueType === 'livePrinted',
      description: s.description,
      fixedAmount: s.fixedAmount === null ? undefined : (majorToMinor(s.fixedAmount, dataset.currency) ?? undefined),
    })),
    ...group.storeCreditSeries.map((s) => ({
      prefix: s.prefix,
      kind: 'storeCredit' as const,
      seriesNumber: s.seriesNumber,
      livePrinted: true,
      description: s.description,
    })),
    ...group.loyaltyCardSeries.map((s) => ({
      prefix: s.prefix,
      kind: 'loyaltyCard' as const,
      seriesNumber: s.seriesNumber,
      livePrinted: false,
      description: s.description,
    })),
  ];

  return {
    fetch: simulatorFetch(app),
    baseUrl: trainingFacts.baseUrl,
    loyaltyGroup: group.id,
    token: token.token,
    merchantId: token.merchantId,
    currency: dataset.currency,
    series,
    scenarios: scenarioCards,
    scenarioSeries,
  };
}

export type TrainingServer = Awaited<ReturnType<typeof startTrainingServer>>;
