import { availableParallelism } from 'node:os';
import { openDatabase } from '@portal/db';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to twice the cores, at least 4, and takes the setting when given', () => {
    expect(loadConfig({}).databasePoolSize).toBe(Math.max(4, availableParallelism() * 2));
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('sizes the PostgreSQL pool (opened lazily: nothing connects here)', async () => {
    const database = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', poolSize: 3 });
    expect((database.db as unknown as { $client: { options: { max: number } } }).$client.options.max).toBe(3);
    await database.close();
  });
});

describe('several instances (decision 039)', () => {
  it('REMINDER_INTERVAL_MS sets the reminder jobs’ interval, hourly by default', () => {
    expect(loadConfig({}).reminderIntervalMs).toBe(60 * 60 * 1000);
    expect(loadConfig({ REMINDER_INTERVAL_MS: '300' }).reminderIntervalMs).toBe(300);
  });

  it('refuses the card sandbox in production without CARD_SANDBOX_SECRET (a random key per process fails across instances)', () => {
    const production = { NODE_ENV: 'production', ALTCHA_HMAC_KEY: 'k', MFA_ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(() => loadConfig({ ...production, CARD_SANDBOX: 'on' })).toThrow(
      'CARD_SANDBOX_SECRET must be set with CARD_SANDBOX=on in production',
    );
    expect(loadConfig({ ...production, CARD_SANDBOX: 'on', CARD_SANDBOX_SECRET: 's' }).cardSecret).toBe('s');
    expect(loadConfig(production).cardSandbox).toBe(false);
  });
});

describe('MFA_ENCRYPTION_KEY (decision 047)', () => {
  it('is required in production, 32 bytes; development uses its fixed key', () => {
    const production = { NODE_ENV: 'production', ALTCHA_HMAC_KEY: 'k' };
    expect(() => loadConfig(production)).toThrow('MFA_ENCRYPTION_KEY must be set in production');
    expect(() => loadConfig({ ...production, MFA_ENCRYPTION_KEY: 'short' })).toThrow(/32 bytes/);
    expect(loadConfig({ ...production, MFA_ENCRYPTION_KEY: 'ab'.repeat(32) }).mfaKey).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    expect(loadConfig({}).mfaKey).toEqual(loadConfig({}).mfaKey);
  });
});
