import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

const env = { DATA_DIR: os.tmpdir(), JWT_SECRET: 'x' };

describe('WORKER_CONCURRENCY', () => {
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

describe('a variable that does not fit refuses the start, naming it', () => {
  it.each([
    ['PORT', 'abc', 'PORT must be a whole number from 0 to 65535.'],
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535.'],
    ['ACCESS_TOKEN_SECONDS', 'NaN', 'ACCESS_TOKEN_SECONDS must be a whole number ≥ 1.'],
    ['REFRESH_TOKEN_DAYS', '1e400', 'REFRESH_TOKEN_DAYS must be a whole number ≥ 1.'],
    ['JOB_EXPIRE_SECONDS', '-5', 'JOB_EXPIRE_SECONDS must be a whole number ≥ 1.'],
    ['WORKER', 'ture', 'WORKER must be true or false (1, true, yes, on / 0, false, no, off).'],
    ['DEMO', 'maybe', 'DEMO must be accounts, or true or false'],
    ['PUBLIC_URL', 'qc.example.org', 'PUBLIC_URL must be a URL starting with http:// or https://.'],
    ['DATABASE_URL', 'mysql://db/vialqc', 'DATABASE_URL must be a URL starting with postgres://'],
    ['SMTP_URL', 'not a url', 'SMTP_URL must be a URL starting with smtp:// or smtps://.'],
    ['BLOB_STORE_URL', 's3:/bucket', 'BLOB_STORE_URL must be file:, local, s3://bucket'],
    ['SUPPORT_EMAIL', 'support', 'SUPPORT_EMAIL must be an e-mail address.'],
  ])('%s=%s', (name, value, message) => {
    expect(() => loadConfig({ ...env, [name]: value })).toThrow(message);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ ...env, PORT: 'abc', WORKER: 'ture' })).toThrow(
      'Invalid configuration:\n  PORT must be a whole number from 0 to 65535.\n  WORKER must be',
    );
  });
});

describe('values that fit', () => {
  it('reads numbers, switches and URLs; empty means the default', () => {
    const config = loadConfig({
      ...env,
      PORT: '9090',
      WORKER: 'off',
      DEMO: 'accounts',
      ACCESS_TOKEN_SECONDS: '',
      DATABASE_URL: 'postgresql://vialqc@db:5432/vialqc',
      BLOB_STORE_URL: 's3://bucket/some/prefix/',
    });
    expect(config).toMatchObject({
      port: 9090,
      publicUrl: 'http://localhost:9090',
      worker: false,
      demo: 'accounts',
      accessTokenSeconds: 900,
      blobStore: { kind: 's3', bucket: 'bucket', prefix: 'some/prefix/', region: 'us-east-1' },
    });
  });

  it('runs with nothing set but the defaults', () => {
    expect(loadConfig(env)).toMatchObject({ port: 8080, worker: true, demo: 'full' });
  });
});

describe('AUDIT_KEY', () => {
  it('is generated on first start into DATA_DIR, readable by the owner alone, then kept', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-audit-key-'));
    try {
      const key = loadConfig({ ...env, DATA_DIR: dataDir }).audit.key;
      expect(key).toHaveLength(32);
      expect(fs.statSync(path.join(dataDir, 'audit-key')).mode & 0o777).toBe(0o600);
      expect(loadConfig({ ...env, DATA_DIR: dataDir }).audit.key).toEqual(key);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes 32 bytes given in hex or base64, and refuses anything else', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ ...env, AUDIT_KEY: hex }).audit.key).toEqual(Buffer.from(hex, 'hex'));
    expect(() => loadConfig({ ...env, AUDIT_KEY: 'short' })).toThrow('AUDIT_KEY must be 32 bytes');
  });
});
