import { describe, expect, it } from 'vitest';
import { readableMessage } from './client';

describe('readableMessage', () => {
  it('keeps an ordinary message', () => {
    expect(readableMessage('Invalid email or password')).toBe('Invalid email or password');
  });

  it('takes the text out of a correlation-id message with embedded JSON, trimmed before the colon', () => {
    const raw = 'Upstream failed CorrelationId: 9f2 {"error":{"code":"x","message":"Member not found: check the number"}}';
    expect(readableMessage(raw)).toBe('Member not found');
  });

  it('trims before the marker when no JSON is embedded', () => {
    expect(readableMessage('Payment declined CorrelationId 123')).toBe('Payment declined');
  });
});
