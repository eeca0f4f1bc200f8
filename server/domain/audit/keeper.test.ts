import { AuditKeeper, CHECKPOINT_EVERY_MS } from './keeper';

/**
 * The keeper's rounds with a clock of the test's own: `tick` is called at chosen times, never by
 * the interval a running server starts.
 */
function keeperAt(start: number) {
  let now = start;
  const calls: string[] = [];
  const errors: string[] = [];
  let failCheckpoint = false;
  const keeper = new AuditKeeper({
    seal: () => {
      calls.push('seal');
      return Promise.resolve(0);
    },
    checkpoint: (at) => {
      calls.push(`checkpoint ${at.getTime() - start}`);
      return failCheckpoint ? Promise.reject(new Error('store down')) : Promise.resolve([]);
    },
    now: () => now,
    log: { info: () => undefined, error: (message) => errors.push(message) },
  });
  return {
    keeper,
    calls,
    errors,
    at: (ms: number) => (now = start + ms),
    failCheckpoints: (fail: boolean) => (failCheckpoint = fail),
  };
}

it('seals every round and writes a checkpoint once the last is an hour old', async () => {
  const k = keeperAt(1_000_000);
  k.at(CHECKPOINT_EVERY_MS - 1);
  await k.keeper.tick();
  expect(k.calls).toEqual(['seal']);
  k.at(CHECKPOINT_EVERY_MS);
  await k.keeper.tick();
  k.at(CHECKPOINT_EVERY_MS + 5_000);
  await k.keeper.tick();
  expect(k.calls).toEqual(['seal', 'seal', `checkpoint ${CHECKPOINT_EVERY_MS}`, 'seal']);
});

it('tries a failed checkpoint again a minute later, not every round', async () => {
  const k = keeperAt(0);
  k.failCheckpoints(true);
  k.at(CHECKPOINT_EVERY_MS);
  await k.keeper.tick();
  expect(k.errors).toEqual(['Could not write the audit checkpoint']);
  k.failCheckpoints(false);
  k.at(CHECKPOINT_EVERY_MS + 59_000);
  await k.keeper.tick();
  k.at(CHECKPOINT_EVERY_MS + 60_000);
  await k.keeper.tick();
  expect(k.calls.filter((c) => c.startsWith('checkpoint'))).toEqual([
    `checkpoint ${CHECKPOINT_EVERY_MS}`,
    `checkpoint ${CHECKPOINT_EVERY_MS + 60_000}`,
  ]);
});

it('seals and writes a last checkpoint as it stops, after the round under way', async () => {
  const k = keeperAt(0);
  k.at(10_000);
  const round = k.keeper.tick();
  expect(k.keeper.tick()).toBe(round); // joined, not doubled
  await k.keeper.stop();
  expect(k.calls).toEqual(['seal', 'seal', 'checkpoint 10000']);
});
