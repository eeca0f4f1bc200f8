import os from 'node:os';
import { loadConfig } from './config';

const env = { JWT_SECRET: 'a-secret-for-the-test', DATA_DIR: os.tmpdir() };

describe('SSO_DNS_SERVERS', () => {
  it("is the system's resolvers when unset", () => {
    expect(loadConfig(env).ssoDnsServers).toEqual([]);
    expect(loadConfig({ ...env, SSO_DNS_SERVERS: '' }).ssoDnsServers).toEqual([]);
  });

  it('takes IP addresses, each optionally with a port', () => {
    expect(
      loadConfig({ ...env, SSO_DNS_SERVERS: '127.0.0.1:5353, 9.9.9.9,[::1]:53,2001:db8::1' })
        .ssoDnsServers,
    ).toEqual(['127.0.0.1:5353', '9.9.9.9', '[::1]:53', '2001:db8::1']);
  });

  it.each(['dns.example', '127.0.0.1:0', '127.0.0.1:70000', '10.0.0.1:x', ','])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => loadConfig({ ...env, SSO_DNS_SERVERS: value })).toThrow(/SSO_DNS_SERVERS/);
    },
  );
});
