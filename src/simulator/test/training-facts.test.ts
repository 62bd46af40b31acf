import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { startTrainingServer } from '../browser/runtime';
import { trainingFacts } from '../training-facts';

describe('what the terminal knows of the training server before it starts', () => {
  it('is what the started simulator says of itself: address, group, token, currency, series', async () => {
    const server = await startTrainingServer();
    const { fetch: _fetch, scenarios: _s, scenarioSeries: _ss, ...facts } = server;
    expect(facts).toEqual(trainingFacts);
  });
});
