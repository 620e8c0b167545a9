import { expect } from 'vitest';
import { STRONG_PASSWORD, type TestApp, uniqueIp } from './harness';

let registered = 0;

/**
 * Registers a new applicant through the API, as the registration form does; returns its id, the phone its OTP
 * went to, its e-mail, the OTP and the activation link. `series` keeps the phones, e-mails and ID numbers of one
 * test file apart from another's (a digit, 1 to 9).
 */
export async function registerApplicant(t: TestApp, series = 4) {
  registered++;
  const n = String(registered).padStart(5, '0');
  const email = `applicant${series}-${n}@example.com`;
  const response = await t.call('POST', '/api/auth/register', {
    ip: uniqueIp(),
    body: {
      email,
      phone: `071${series}0${n}`,
      id_number: `${series}${n.padStart(7, '0')}`,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      category: 'GRADUATE',
      type: 'Individual',
    },
  });
  expect(response.status).toBe(200);
  const { id, phone_no: phone } = response.body.data as { id: number; phone_no: string };
  return { id, phone, email, otp: await t.latestCode(phone), link: await t.latestLink(email) };
}
