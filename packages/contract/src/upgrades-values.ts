/** The plain values of upgrades.ts (constants, messages, small functions): importable without zod (decision 054). */

/**
 * Category upgrades (part 2 §2.2, §4, §5, §7 upgrade/…; decision 032). An upgrade is an application of kind
 * Upgrade: it goes through the same back office as registrations, with the same stages and payment gate.
 */

/** What an application in the back office is for (the queue's kind filter). */
export const APPLICATION_KINDS = ['Registration', 'Upgrade', 'Licence'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/** The checklist type each kind of application is checked against. */
export const CHECKLIST_TYPE_OF_KIND: Record<ApplicationKind, 'Application' | 'Upgrade' | 'License'> = {
  Registration: 'Application',
  Upgrade: 'Upgrade',
  Licence: 'License',
};

/** Download names (part 2 §2.2): the prefix and the current date. */
export function upgradeFileName(kind: 'report' | 'letter', date = new Date()): string {
  return `${kind === 'report' ? 'UPGRADE_REPORT' : 'ACCEPTANCE_LETTER'}${date.toISOString().slice(0, 10)}.pdf`;
}

export const upgradeMessages = {
  submitTitle: 'Submit Application ?',
  submitText:
    'By clicking submit, you confirm that you have read the terms and conditions, that you understand them and that you agree to be bound by them.',
  confirmBox: 'I Confirm to upgrade',
  requirementsComplete: (done: number, total: number) => `You have ${done}/${total} requirement(s) that are complete`,
  requirementOne: 'Complete the checklist with the necessary documents (certified copies of diploma or degree, referees and so on).',
  requirementTwo: 'Payment fully paid.',
  submitted: 'Upgrade application submitted. Pay the upgrade fee so that it can be reviewed.',
  resubmitted: 'Upgrade application submitted again',
  planNotFound: 'There is no upgrade plan to this category',
  planDisabled: 'Upgrades to this category are not open at the moment',
  notMember: 'Only registered members can apply for an upgrade',
  notEligible: (from: string, to: string) => `Members of category ${from} cannot upgrade to ${to}`,
  alreadyPending: 'You already have an upgrade application in progress',
  checklistIncomplete: 'Complete every upgrade requirement before you submit',
  notFound: 'Upgrade not found',
  reportNotAvailable: 'The upgrade report is available once the upgrade has been submitted',
  letterNotReleased: 'The acceptance letter is available once the upgrade has been approved',
  planSaved: 'Upgrade plan saved',
  unknownCategory: (code: string) => `Unknown membership category ${code}`,
  planTargetInFrom: 'A category cannot upgrade to itself',
  categoryChanged: 'The member’s category has changed since this upgrade was applied for',
  noActiveMembership: 'The member has no Active membership to upgrade',
} as const;
