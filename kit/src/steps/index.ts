/**
 * The cashier's and manager's intents as functions of a page (or a till's frame): what the page
 * objects are made of, for a test that drives the terminal step by step. Import from
 * '@loyalty-terminal/playwright/steps'.
 */
export * from './sale';
export * from './server';
export * from './terminal';
