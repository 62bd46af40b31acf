/**
 * @loyalty-terminal/playwright: test a store's own flows with the loyalty terminal. The fixtures
 * (`loyaltyServer`, `terminal`), the page objects by role (cashier, manager, trainer), and the
 * magic cards whose outcome is fixed. docs/testing-kit.md is the guide.
 */
export { expect } from '@playwright/test';
export { test, type KitFixtures, type KitOptions, type KitWorkerOptions } from './fixtures';
export {
  LoyaltyServer,
  builtInSeries,
  isMagicCard,
  type CardState,
  type Failure,
  type GiftCardOptions,
  type Hold,
  type JournalEntry,
  type LoyaltyCardOptions,
  type LoyaltyPayment,
  type LoyaltyServerAccess,
  type Operation,
  type Series,
  type SeriesOptions,
  type ServerState,
  type SimulatorView,
  type StoreCreditOptions,
} from './loyalty-server';
export { Terminal } from './terminal';
export { CashierPage, type TenderLine } from './pages/cashier';
export { ManagerPage, type DayFigures, type Figure, type KindFigures, type ReportLine } from './pages/manager';
export { TrainerPage, type TrainingFault, type TrainingTarget } from './pages/trainer';
export { screens, type Screen } from './screens';
export type { Amount } from './amounts';
export type { Cashier } from './seed';
export { magicCards, magicSeries } from '../../src/simulator/magic-cards';
export { servePage, terminalIn } from './till';
export type { LocalServer } from './listen';
