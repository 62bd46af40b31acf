import AxeBuilder from '@axe-core/playwright';
import { expect, test as kit } from '@loyalty-terminal/playwright';
import type { Page } from '@playwright/test';

export { expect };

/**
 * This project's own end-to-end tests are written with the kit (@loyalty-terminal/playwright, kit/):
 * its fixtures, its steps and page objects. What is here is this project's only: its ports, axe, and
 * the test doubles in the other files of this folder (printers, a camera, the demo till).
 */

/** The kit's server, pinned to this port in playwright.config.ts: some specs reach it by address. */
export const SIMULATOR = `http://127.0.0.1:${process.env.E2E_SIMULATOR_PORT ?? '4010'}`;
export const API = `${SIMULATOR}/loyalty/api/v1/pos/loyaltyGroups/demo`;
/** Where playwright.config.ts serves the built terminal (vite preview). */
export const TERMINAL_ORIGIN = `http://127.0.0.1:${process.env.E2E_TERMINAL_PORT ?? '4173'}`;

/** The kit's test, with its server started for every worker (specs that reach it by address need it up). */
export const test = kit.extend<object, { projectServer: void }>({
  projectServer: [
    async ({ kitSimulator }, use) => {
      void kitSimulator;
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

/** axe: no WCAG 2.2 A/AA violation on what is on screen now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
