import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, onSecondFactorNeeded, readableMessage } from './client';

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

describe('a second factor asked for', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  afterEach(() => vi.unstubAllGlobals());

  it("a step-up that succeeds sends the same call again, once; one refused is the caller's error", async () => {
    const stepUp = { message: 'Confirm it is you', errors: { mfa: ['step-up'] } };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(403, stepUp))
      .mockResolvedValueOnce(answer(200, { data: { ok: true } }));
    vi.stubGlobal('fetch', fetch);
    const handler = vi.fn().mockResolvedValue(true);
    const stop = onSecondFactorNeeded(handler);
    expect(await api.post('admin/loginas', { id: 3 })).toEqual({ ok: true });
    expect(handler).toHaveBeenCalledWith('step-up');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1][1].body).toBe(JSON.stringify({ id: 3 }));

    fetch.mockReset().mockResolvedValue(answer(403, stepUp));
    handler.mockResolvedValue(false);
    await expect(api.post('admin/loginas', { id: 3 })).rejects.toMatchObject({ status: 403, errors: { mfa: ['step-up'] } });
    expect(fetch).toHaveBeenCalledTimes(1);
    stop();
  });

  it('staff with no second factor are sent to set one up, and the call fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(403, { message: 'Set one up', errors: { mfa: ['enrol'] } })));
    const handler = vi.fn().mockResolvedValue(false);
    const stop = onSecondFactorNeeded(handler);
    await expect(api.get('admin/users')).rejects.toMatchObject({ status: 403 });
    expect(handler).toHaveBeenCalledWith('enrol');
    stop();
  });
});
