import type { Config } from '../../config';
import type { OutgoingMessage } from '../outbox/outbox';

export interface NoticeTarget {
  email: string;
  firstName: string;
  code: string;
  categoryDescription: string;
  /** Registration, Upgrade or Licence: what the email calls the application and where it links. */
  kind?: string;
}

const PAGE: Record<string, string> = { Registration: '/application', Upgrade: '/upgrade', Licence: '/license' };

/** What an approved upgrade or licence application says instead of the registration's lines. */
const releasedLines: Record<string, (detail: string | null) => string[]> = {
  Upgrade: () => [
    'Congratulations: your upgrade has been approved.',
    'Your acceptance letter and new membership certificate are available on the portal.',
  ],
  Licence: (licenseNo) => [
    `Your practising licence${licenseNo ? ` ${licenseNo}` : ''} has been issued.`,
    'The licence certificate is available on the portal; anyone can check it by its QR code or in the public register.',
  ],
};

/** What the applicant reads for each status a reviewer moves the application to. */
const statusLines: Record<string, (memberNo: string | null) => string[]> = {
  Verified: () => ['Your documents have been checked and your application is now under review.'],
  'Committee Review': () => ['Your application is now with the committee for review.'],
  'Board Review': () => ['Your application is now with the board for review.'],
  Released: (memberNo) => [
    `Congratulations: your application has been accepted${memberNo ? ` and your member number is ${memberNo}` : ''}.`,
    'Your acceptance letter and membership certificate are available on the portal.',
  ],
  Rejected: () => [
    'We regret to inform you that your application has not been accepted.',
    'The rejection letter is available on the portal.',
  ],
};

const subjects: Record<string, string> = {
  Verified: 'is under review',
  'Committee Review': 'is with the committee',
  'Board Review': 'is with the board',
  Released: 'has been accepted',
  Rejected: 'was not accepted',
};

function letter(config: Config, displayName: string, target: NoticeTarget, lines: string[], comment: string | null): string {
  return [
    `Dear ${target.firstName},`,
    '',
    `Application ${target.code} (${target.categoryDescription}):`,
    ...lines,
    ...(comment ? ['', 'Comment from the registrar:', comment] : []),
    '',
    `See your application at ${config.publicUrl}${PAGE[target.kind ?? 'Registration'] ?? '/application'}`,
    '',
    displayName,
  ].join('\n');
}

/** Emails about the review of an application; hidden comments are never passed in. */
export const reviewNotices = {
  statusChanged: (
    config: Config,
    displayName: string,
    target: NoticeTarget,
    status: string,
    memberNo: string | null,
    comment: string | null,
  ): OutgoingMessage => ({
    channel: 'email',
    to: target.email,
    subject: `Your ${displayName} application ${target.code} ${subjects[status] ?? `is now ${status}`}`,
    body: letter(
      config,
      displayName,
      target,
      (status === 'Released' ? releasedLines[target.kind ?? '']?.(memberNo) : undefined) ??
        statusLines[status]?.(memberNo) ?? [`Your application is now ${status}.`],
      comment,
    ),
  }),
  returned: (config: Config, displayName: string, target: NoticeTarget, comment: string): OutgoingMessage => ({
    channel: 'email',
    to: target.email,
    subject: `Your ${displayName} application ${target.code} needs your attention`,
    body: letter(
      config,
      displayName,
      target,
      ['Your application has been returned to you. Please make the changes asked for below and submit it again.'],
      comment,
    ),
  }),
  commented: (config: Config, displayName: string, target: NoticeTarget, comment: string): OutgoingMessage => ({
    channel: 'email',
    to: target.email,
    subject: `New comment on your ${displayName} application ${target.code}`,
    body: letter(config, displayName, target, ['There is a new comment on your application.'], comment),
  }),
};
