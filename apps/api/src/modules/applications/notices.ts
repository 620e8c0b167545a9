import type { Config } from '../../config';
import type { OutgoingMessage } from '../outbox/outbox';

type SubmittedApplication = { code: string; status: string };

/** The texts the submission flow sends. Links are built from PUBLIC_URL. */
export const submitNotices = {
  otp: (phone: string, otp: string, applicationCode: string): OutgoingMessage => ({
    channel: 'sms',
    to: phone,
    body: `Your member portal OTP is ${otp}. Use it to submit application ${applicationCode}. It expires in 10 minutes. Do not share it with anyone.`,
  }),
  /** A confirmation of the applicant's own action: sent whatever the update and reminder preferences say. */
  submitted: (
    config: Config,
    email: string,
    displayName: string,
    firstName: string,
    application: SubmittedApplication,
    resubmitted: boolean,
  ): OutgoingMessage => ({
    channel: 'email',
    to: email,
    subject: `Application ${application.code} ${resubmitted ? 're-submitted' : 'submitted'}`,
    body: [
      `Dear ${firstName},`,
      '',
      resubmitted
        ? `Your membership application ${application.code} has been re-submitted to ${displayName} and is back with the reviewers.`
        : `Your membership application ${application.code} has been submitted to ${displayName}. We will let you know when it has been reviewed.`,
      '',
      `Follow its progress and download the application document at ${config.publicUrl}/application`,
      '',
      'If you did not submit this application, contact us immediately.',
    ].join('\n'),
  }),
};
