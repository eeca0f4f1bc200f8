import { processEnv, spawnServer, tempDataDir } from '../testing/processes';

// The configuration is checked before anything starts (no database is reached): the process
// exits 1 with the variable named, instead of listening on NaN.
it('refuses to start with PORT=abc, naming PORT', async () => {
  const env = { ...processEnv('postgres://localhost:1/none'), DATA_DIR: tempDataDir() };
  await expect(spawnServer({ ...env, PORT: 'abc' })).rejects.toThrow(
    // One JSON log line: the refusal as its error, the variable named.
    /exited \(1\)[^]*"err":"Invalid configuration:\\n {2}PORT must be a whole number from 0 to 65535\."[^]*"msg":"Could not start"/,
  );
});
