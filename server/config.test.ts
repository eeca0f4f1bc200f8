import os from 'node:os';
import { loadConfig } from './config';

describe('WORKER_CONCURRENCY', () => {
  const env = { DATA_DIR: os.tmpdir(), JWT_SECRET: 'x' };

  it('is one job per core unless set', () => {
    expect(loadConfig(env).workerConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ ...env, WORKER_CONCURRENCY: '3' }).workerConcurrency).toBe(3);
  });

  it.each(['0', '-1', '1.5', 'many'])('refuses %s', (value) => {
    expect(() => loadConfig({ ...env, WORKER_CONCURRENCY: value })).toThrow(
      'WORKER_CONCURRENCY must be a whole number ≥ 1',
    );
  });
});
