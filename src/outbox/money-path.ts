import { createLoyaltyApi, type ApiConfig } from '@/api/loyalty-api';
import { createOutbox } from './outbox';
import { createPerform } from './perform';
import type { ReadModel } from './read-model';
import { createSender } from './sender';
import { outboxDb } from './db';
import type { OperationRecord } from './types';

/**
 * The money path for one server: the API layer, the outbox's write side, the one sender and the
 * one executor. A chunk of its own (OutboxProvider loads it after the first paint, or at the first
 * `perform`): nothing on the first screen needs it until the cashier starts a sale.
 */
export function startMoneyPath(context: {
  apiConfig: ApiConfig;
  reads: ReadModel;
  scope: string;
  training: boolean;
  operatorId?: string | undefined;
  operatorName?: string | undefined;
  tab: string;
  onAnswered: (record: OperationRecord) => void;
}) {
  const { apiConfig, reads, scope, training, operatorId, operatorName, tab, onAnswered } = context;
  const { storeId, workstationId } = apiConfig;
  const outbox = createOutbox(outboxDb(), { scope, training, operatorId, operatorName, storeId, workstationId });
  const sender = createSender({ api: createLoyaltyApi(apiConfig), outbox, reads, onAnswered });
  return { outbox, sender, perform: createPerform(outbox, tab) };
}

export type MoneyPath = ReturnType<typeof startMoneyPath>;
