import type { Config } from '../../config';
import type { OutgoingMessage } from '../outbox/outbox';

/** The texts the sign-in family sends. Links are built from PUBLIC_URL. */
export const notices = {
  registrationOtp: (phone: string, code: string): OutgoingMessage => ({
    channel: 'sms',
    to: phone,
    body: `Your member portal verification code is ${code}. It expires in 10 minutes. Do not share it with anyone.`,
  }),
  otp: (phone: string, code: string): OutgoingMessage => ({
    channel: 'sms',
    to: phone,
    body: `Your member portal OTP is ${code}. It expires in 10 minutes. Do not share it with anyone.`,
  }),
  activationLink: (config: Config, email: string, displayName: string, token: string): OutgoingMessage => ({
    channel: 'email',
    to: email,
    subject: `Activate your ${displayName} portal account`,
    body: [
      'Welcome,',
      '',
      `Your account on the ${displayName} member portal has been created. Open this link to activate it:`,
      `${config.publicUrl}/verify/${token}`,
      '',
      'The link expires in 10 minutes and works once. You can also activate with the OTP sent to your phone.',
      'If you did not register, ignore this email.',
    ].join('\n'),
  }),
  passwordReset: (config: Config, email: string, displayName: string, token: string): OutgoingMessage => ({
    channel: 'email',
    to: email,
    subject: `Reset your ${displayName} portal password`,
    body: [
      'Hello,',
      '',
      'Someone asked to reset the password of your member portal account. Open this link to choose a new password:',
      `${config.publicUrl}/password/${token}`,
      '',
      'The link expires in 1 hour and works once. If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  }),
  passwordGuessing: (config: Config, email: string, displayName: string): OutgoingMessage => ({
    channel: 'email',
    to: email,
    subject: `Failed sign-ins to your ${displayName} portal account`,
    body: [
      'Hello,',
      '',
      `A wrong password has been entered for your ${displayName} member portal account (${email}) many times in the last few minutes. If this was not you, someone may be trying to guess your password.`,
      '',
      'Your account is not locked: you can still sign in with your password. For a while, signing in also asks for a short automatic verification check.',
      '',
      `If you think someone knows your password, choose a new one at ${config.publicUrl}/forgot-password.`,
    ].join('\n'),
  }),
  memberActivation: (
    config: Config,
    email: string,
    displayName: string,
    firstName: string,
    code: string,
    link: string,
  ): OutgoingMessage => ({
    channel: 'email',
    to: email,
    subject: `Your ${displayName} portal activation code`,
    body: [
      `Dear ${firstName},`,
      '',
      `Your activation code for the ${displayName} member portal is ${code}. It expires in 10 minutes.`,
      `Open ${config.publicUrl}/activate/${link} to set your password, or enter the code on the activation page.`,
      '',
      'If you did not ask to activate your account, ignore this email.',
    ].join('\n'),
  }),
  memberActivationSms: (phone: string, code: string): OutgoingMessage => ({
    channel: 'sms',
    to: phone,
    body: `Your member portal activation code is ${code}. It expires in 10 minutes.`,
  }),
};
