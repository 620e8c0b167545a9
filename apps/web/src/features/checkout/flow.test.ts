import { formatKes, paymentMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { checkMpesaPhone, failureText, MPESA_WAIT_MS, payButtonLabel, phaseOf } from './flow';

describe('checkout waiting screen', () => {
  it('follows a pending payment until a final status or the wait limit', () => {
    expect(phaseOf('pending', 0)).toBe('waiting');
    expect(phaseOf(undefined, 1000)).toBe('waiting');
    expect(phaseOf('pending', MPESA_WAIT_MS)).toBe('timeout');
    expect(phaseOf('succeeded', MPESA_WAIT_MS * 2)).toBe('succeeded');
    for (const s of ['failed', 'cancelled', 'expired'] as const) expect(phaseOf(s, 0)).toBe('failed');
  });

  it('normalises and checks the M-Pesa phone (part 2 §5)', () => {
    expect(checkMpesaPhone('0712345678')).toEqual({ phone: '254712345678' });
    expect(checkMpesaPhone('+254712345678')).toEqual({ phone: '254712345678' });
    expect(checkMpesaPhone('0112345678')).toEqual({ phone: '254112345678' });
    expect(checkMpesaPhone('')).toEqual({ error: paymentMessages.phoneRequired });
    expect(checkMpesaPhone('0712')).toEqual({ error: paymentMessages.phoneInvalid });
    expect(checkMpesaPhone('0212345678')).toEqual({ error: paymentMessages.phoneInvalid });
  });

  it('explains a failure with the server message, else the status', () => {
    expect(failureText('failed', 'Request cancelled by user')).toBe('Request cancelled by user');
    expect(failureText('expired', '')).toBe(paymentMessages.expired);
    expect(failureText('cancelled', null)).toBe(paymentMessages.cancelled);
    expect(failureText('failed', undefined)).toBe(paymentMessages.failed);
  });
});

describe('the Pay button', () => {
  it('says how much, by which method and, for M-Pesa, to which phone', () => {
    expect(payButtonLabel('MPESA', 5800, '0712000001')).toBe(`Pay ${formatKes(5800)} by M-Pesa to +254 712 000 001`);
    expect(payButtonLabel('MPESA', 5800, '07')).toBe(`Pay ${formatKes(5800)} by M-Pesa`);
    expect(payButtonLabel('CARD', 5800, '')).toBe(`Pay ${formatKes(5800)} by card`);
    expect(payButtonLabel('CREDIT', 5800, '', 2000)).toBe(`Pay ${formatKes(2000)} from credit`);
    expect(payButtonLabel('MPESA', undefined, '0712000001')).toBe('Pay');
  });
});
