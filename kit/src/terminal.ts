import { trainingFacts } from '../../src/simulator/training-facts';
import { expect, type Page } from '@playwright/test';
import { CashierPage } from './pages/cashier';
import { ManagerPage } from './pages/manager';
import type { Counter } from './pages/screen';
import { TrainerPage } from './pages/trainer';
import { seedTerminal, type Cashier, type TerminalSetup } from './seed';
import { wordsFor, type Words } from './words';

/**
 * The terminal a test works with: a browser page, set up as a manager would have set it up (the
 * server, or training mode; the language; a cashier signed on; the manager's PIN), opened the first
 * time anything is asked of it. Its people: the cashier, the manager, the trainer.
 */
export class Terminal implements Counter {
  readonly words: Words;
  readonly cashier: CashierPage;
  readonly manager: ManagerPage;
  readonly trainer: TrainerPage;
  private opened: Promise<void> | null = null;
  private seeded: Promise<void> | null = null;

  constructor(
    /** The page the terminal runs in. */
    readonly page: Page,
    private readonly setup: TerminalSetup & { url: string; managerPin: string; magicCardsWork: boolean },
  ) {
    this.words = wordsFor(setup.locale);
    this.cashier = new CashierPage(this);
    // In training the terminal's money is its simulator's (trainingFacts: euros), whatever server is set up.
    this.manager = new ManagerPage(
      this,
      setup.mode === 'live' ? (setup.server?.currency ?? 'EUR') : trainingFacts.currency,
    );
    this.trainer = new TrainerPage(this);
  }

  get mode(): 'live' | 'training' {
    return this.setup.mode;
  }

  get managerPin(): string {
    return this.setup.managerPin;
  }

  /** Where the terminal is served: what a till's page frames. */
  get url(): string {
    return this.setup.url;
  }

  /**
   * Lets tills (their origins) hand payments over, as a manager does in Settings → Till integration,
   * and sets the page up with them: a till page the test opens next finds the terminal in its frame
   * ready. Once, before the terminal is used: it is part of what was set up.
   */
  async allowTill(...origins: string[]): Promise<void> {
    if (this.seeded)
      throw new Error(
        'allowTill: the terminal is set up already. Allow every till in one call before using it ' +
          '(allowTill(first, second)), or with the option test.use({ tillOrigins: [...] }).',
      );
    this.setup.tillOrigins = [...(this.setup.tillOrigins ?? []), ...origins.map((o) => new URL(o).origin)];
    await this.seed();
  }

  /** What a manager set up, written into the page's storage before the terminal starts (once). */
  private seed(): Promise<void> {
    this.seeded ??= seedTerminal(this.page, this.setup);
    return this.seeded;
  }

  /** Whether a magic card's outcome is fixed here: the project's simulator in live mode, or training mode. */
  get magicCardsWork(): boolean {
    return this.setup.magicCardsWork;
  }

  /** Opens the terminal (once): its first screen is on screen. Every page object method does this first. */
  open(): Promise<void> {
    this.opened ??= this.start();
    return this.opened;
  }

  /** The page reloaded (as a cashier pressing F5, or a tablet woken up): what the terminal kept is back. */
  async reload(): Promise<void> {
    await this.open();
    await this.page.reload();
    await this.firstScreen();
  }

  private async start(): Promise<void> {
    await this.seed();
    await this.page.goto(this.setup.url);
    await this.firstScreen();
  }

  private async firstScreen(): Promise<void> {
    const heading = this.page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(heading.first()).toBeVisible({ timeout: 15_000 });
    if (this.setup.mode === 'live' && this.setup.server)
      await expect(this.page.getByRole('banner')).toContainText(new URL(this.setup.server.url).host);
  }
}

export type { Cashier };
