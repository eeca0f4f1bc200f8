import { BridgeConfigError, readBridgeConfig } from './config';

const base = {
  VIALQC_SERVER: 'https://vialqc.example.org/',
  VIALQC_TOKEN: 'vqc_abc',
  VIALQC_INSTITUTE: '7',
};

const refusal = (env: Record<string, string>) => {
  try {
    readBridgeConfig(env);
  } catch (error) {
    if (error instanceof BridgeConfigError) return error.variable;
    throw error;
  }
  return null;
};

describe('the bridge configuration', () => {
  it('has the defaults of section 1', () => {
    expect(readBridgeConfig(base)).toEqual({
      server: 'https://vialqc.example.org',
      token: 'vqc_abc',
      institute: 7,
      host: '0.0.0.0',
      port: 2575,
      timeoutSeconds: 30,
      maxConnections: 32,
    });
  });

  it('takes http only for loopback', () => {
    for (const server of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect(readBridgeConfig({ ...base, VIALQC_SERVER: server }).server).toBe(server);
    expect(refusal({ ...base, VIALQC_SERVER: 'http://vialqc.example.org' })).toBe('VIALQC_SERVER');
    expect(refusal({ ...base, VIALQC_SERVER: 'ftp://x' })).toBe('VIALQC_SERVER');
  });

  it.each([
    ['VIALQC_SERVER', ''],
    ['VIALQC_TOKEN', ''],
    ['VIALQC_INSTITUTE', 'abc'],
    ['VIALQC_INSTITUTE', '0'],
    ['FEED_HOST', 'not a host'],
    ['FEED_PORT', '65536'],
    ['FEED_PORT', '25.75'],
    ['FEED_TIMEOUT_SECONDS', '0'],
    ['FEED_TIMEOUT_SECONDS', 'ten'],
    ['FEED_MAX_CONNECTIONS', '0'],
  ])('refuses %s=%j, naming it', (variable, value) => {
    expect(refusal({ ...base, [variable]: value })).toBe(variable);
  });

  it('reads every variable', () => {
    expect(
      readBridgeConfig({
        ...base,
        FEED_HOST: '127.0.0.1',
        FEED_PORT: '0',
        FEED_TIMEOUT_SECONDS: '2.5',
        FEED_MAX_CONNECTIONS: '8',
      }),
    ).toMatchObject({ host: '127.0.0.1', port: 0, timeoutSeconds: 2.5, maxConnections: 8 });
  });
});
