import { expect } from '@playwright/test';
import { openScreen, requireScreen, type Counter } from './screen';

/** What the trainer makes fail: the Training screen's choices. */
export type TrainingTarget = 'any' | 'lookup' | 'payment' | 'commit' | 'cancel' | 'void' | 'issue';
export type TrainingFault = 'error500' | 'drop' | 'timeout' | 'unavailable';

/** The trainer at the terminal in training mode: scenario cards, reset, latency, the next requests made to fail. */
export class TrainerPage {
  /** The latency set by `latency()` (the simulator's, until a reset): each failure set sends it again. */
  private latencyMs = 0;

  constructor(private readonly at: Counter) {}

  private get page() {
    return this.at.page;
  }

  private get words() {
    return this.at.words;
  }

  /** The Training screen (training mode only: `test.use({ mode: 'training' })`). */
  async openTraining(): Promise<void> {
    await this.at.open();
    await openScreen(this.at, 'training');
    await requireScreen(this.at, 'openTraining', 'trainingPanel.title', 'the Training screen did not open.');
    const reset = this.page.getByRole('button', { name: this.words.text('trainingPanel.reset') });
    const start = this.page.getByRole('button', { name: this.words.text('trainingPanel.start') });
    await expect(reset.or(start).first()).toBeVisible({ timeout: 15_000 });
    if (await start.isVisible())
      throw new Error(
        "openTraining: this terminal works with a live server, so the trainer's tools are not there. " +
          "Set test.use({ mode: 'training' }) for a trainer's test.",
      );
  }

  /** Taps the scenario card of this number: the card is looked up, its account on screen. */
  async useScenario(number: string): Promise<void> {
    await this.openTraining();
    const grouped = number.replace(/(.{4})(?=.)/g, '$1 ');
    const card = this.page
      .getByRole('button', { name: this.words.pattern('trainingPanel.use') })
      .filter({ hasText: grouped });
    if ((await card.count()) === 0) throw new Error(`useScenario('${number}'): no scenario card has that number.`);
    await card.first().click();
    await expect(this.page.getByLabel(this.words.text('details.available'), { exact: true })).toBeVisible();
  }

  /**
   * Every request to the simulator in the page waits `ms` first (0 to 60000, whole milliseconds; 0:
   * none), as the Training screen's "Added latency" sets it. The screen sends the latency alone, so
   * it replaces a failure set before it: set the latency first, then `failNext` (which keeps it).
   * `reset()` clears it.
   */
  async latency(ms: number): Promise<void> {
    if (!Number.isInteger(ms) || ms < 0 || ms > 60_000)
      throw new Error(`latency(${ms}): the Training screen takes whole milliseconds from 0 to 60000.`);
    await this.openTraining();
    await this.page.getByLabel(this.words.text('trainingPanel.latency')).fill(String(ms));
    await this.page.getByRole('button', { name: this.words.text('trainingPanel.applyLatency') }).click();
    // The screen clears the last outcome as the tap lands: what shows next is this one's.
    await expect(
      this.page.getByRole('status').filter({ hasText: this.words.text('trainingPanel.latencySet', { ms }) }),
    ).toBeVisible();
    this.latencyMs = ms;
  }

  /** Makes the next `times` requests of this kind fail this way; the latency set by `latency()` stays. */
  async failNext(target: TrainingTarget, fault: TrainingFault, times: 1 | 2 | 3 | 5 = 1): Promise<void> {
    await this.openTraining();
    // The screen sends its latency field with the failure (back at 0 when the screen was left since).
    await this.page.getByLabel(this.words.text('trainingPanel.latency')).fill(String(this.latencyMs));
    await this.page.getByLabel(this.words.text('trainingPanel.targetLabel')).selectOption(target);
    await this.page.getByLabel(this.words.text('trainingPanel.faultLabel')).selectOption(fault);
    await this.page.getByLabel(this.words.text('trainingPanel.faultCount')).selectOption(String(times));
    await this.page.getByRole('button', { name: this.words.text('trainingPanel.failNow') }).click();
    // The screen clears the last outcome as the tap lands: what shows next is this one's.
    await expect(
      this.page.getByRole('status').filter({ hasText: this.words.pattern('trainingPanel.faultSet') }),
    ).toBeVisible();
  }

  /** Back to the training data as it was: every card, no holds. */
  async reset(): Promise<void> {
    await this.openTraining();
    await this.page.getByRole('button', { name: this.words.text('trainingPanel.reset') }).click();
    // The screen clears the last outcome as the tap lands: what shows next is this one's.
    await expect(
      this.page.getByRole('status').filter({ hasText: this.words.text('trainingPanel.resetDone') }),
    ).toBeVisible();
    this.latencyMs = 0; // the simulator's reset clears its faults, latency with them
  }
}
