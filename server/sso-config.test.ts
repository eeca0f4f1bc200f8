import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { loadConfig } from './config';

const env = { JWT_SECRET: 'a-secret-for-the-test', DATA_DIR: os.tmpdir() };

describe('single sign-on settings', () => {
  it('take SSO_SECRET_KEY as 32 bytes in hex or base64, else a key derived from JWT_SECRET', () => {
    const key = randomBytes(32);
    expect(loadConfig({ ...env, SSO_SECRET_KEY: key.toString('hex') }).sso.secretKey).toEqual(key);
    expect(loadConfig({ ...env, SSO_SECRET_KEY: key.toString('base64') }).sso.secretKey).toEqual(
      key,
    );
    const derived = loadConfig(env).sso.secretKey;
    expect(derived).toHaveLength(32);
    expect(derived).toEqual(loadConfig(env).sso.secretKey);
    expect(loadConfig({ ...env, JWT_SECRET: 'another' }).sso.secretKey).not.toEqual(derived);
  });

  it('refuse a key of another length, and name the variable', () => {
    expect(() => loadConfig({ ...env, SSO_SECRET_KEY: 'short' })).toThrow(/SSO_SECRET_KEY/);
    expect(() => loadConfig({ ...env, SSO_SECRET_KEY: randomBytes(16).toString('hex') })).toThrow(
      /SSO_SECRET_KEY/,
    );
  });

  it('last SSO_SESSION_HOURS, 12 by default', () => {
    expect(loadConfig(env).sso.sessionHours).toBe(12);
    expect(loadConfig({ ...env, SSO_SESSION_HOURS: '8' }).sso.sessionHours).toBe(8);
    expect(() => loadConfig({ ...env, SSO_SESSION_HOURS: '0' })).toThrow(/SSO_SESSION_HOURS/);
  });

  it('reach providers on plain http loopback only with SSO_ALLOW_HTTP_LOOPBACK, off by default', () => {
    expect(loadConfig(env).sso.allowHttpLoopback).toBe(false);
    expect(loadConfig({ ...env, SSO_ALLOW_HTTP_LOOPBACK: 'true' }).sso.allowHttpLoopback).toBe(
      true,
    );
    expect(() => loadConfig({ ...env, SSO_ALLOW_HTTP_LOOPBACK: 'maybe' })).toThrow(
      /SSO_ALLOW_HTTP_LOOPBACK/,
    );
  });
});
