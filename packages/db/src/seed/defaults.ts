/** Organisation defaults: categories, charges, requirements, terms, disclaimers. Real bodies edit these. */
export interface CategorySeed {
  code: string;
  description: string;
  categoryType: 'Individual' | 'Corporate';
  canApply: boolean;
  entitled: boolean;
  charges: Partial<Record<'APPLICATION' | 'SUBSCRIPTION' | 'LICENSE' | 'UPGRADE', number>>;
  /** The annual CPD requirement: points, and how many of them from structured activities (none when absent). */
  cpd?: { annualPoints: number; structuredPoints: number };
}

export const categories: CategorySeed[] = [
  {
    code: 'GRADUATE',
    description: 'Graduate Engineer',
    categoryType: 'Individual',
    canApply: true,
    entitled: false,
    charges: { APPLICATION: 2320, SUBSCRIPTION: 1160 },
    cpd: { annualPoints: 25, structuredPoints: 15 },
  },
  {
    code: 'TECHNOLOGIST',
    description: 'Engineering Technologist',
    categoryType: 'Individual',
    canApply: true,
    entitled: false,
    charges: { APPLICATION: 2320, SUBSCRIPTION: 2320 },
    cpd: { annualPoints: 25, structuredPoints: 15 },
  },
  {
    code: 'PROFESSIONAL',
    description: 'Professional Engineer',
    categoryType: 'Individual',
    canApply: true,
    entitled: true,
    charges: { APPLICATION: 5800, SUBSCRIPTION: 5800, UPGRADE: 11000, LICENSE: 11600 },
    cpd: { annualPoints: 50, structuredPoints: 30 },
  },
  {
    code: 'CONSULTING',
    description: 'Consulting Engineer',
    categoryType: 'Individual',
    canApply: true,
    entitled: true,
    charges: { APPLICATION: 11600, SUBSCRIPTION: 11600, UPGRADE: 100000, LICENSE: 23200 },
    cpd: { annualPoints: 50, structuredPoints: 30 },
  },
  {
    code: 'ACCREDITED',
    description: 'Accredited Checker',
    categoryType: 'Individual',
    canApply: false,
    entitled: true,
    charges: { APPLICATION: 11600, SUBSCRIPTION: 11600, UPGRADE: 11000 },
    cpd: { annualPoints: 50, structuredPoints: 30 },
  },
  {
    code: 'CORPORATE',
    description: 'Consulting Engineering Firm',
    categoryType: 'Corporate',
    canApply: true,
    entitled: false,
    charges: { APPLICATION: 29000, SUBSCRIPTION: 58000, LICENSE: 58000 },
  },
];

type ItemSeed = [code: string, description: string];

const individualApplication: ItemSeed[] = [
  ['PROFILE', 'Bio data (names, gender, date of birth, ID/passport, nationality, discipline)'],
  ['PICTURE', 'Passport-size profile photo'],
  ['ID', 'Certified copy of national ID or passport (both sides)'],
  ['CONTACTS', 'Personal contact details'],
  ['EDUCATION', 'Academic qualifications with certified certificates'],
  ['WORK EXPERIENCE', 'Work experience'],
  ['REFEREE', 'Two referees who are registered members'],
];

const firmApplication: ItemSeed[] = [
  ['PROFILE', 'Firm details (name, KRA PIN, VAT number, physical address)'],
  ['DIRECTORS', 'Directors of the firm'],
  ['SHAREHOLDERS', 'Shareholders and their shares'],
  ['SERVICES', 'Services offered'],
  ['FIRMEMPLOYEES', 'Technical staff by category'],
  ['FACILITIES', 'Equipment and facilities'],
  ['FIRMBANKERS', 'Banker details'],
  ['ATTACHMENTS', 'Certificate of incorporation, CR12 and tax compliance certificate'],
  ['CONVICTION', 'Declaration of convictions, if any'],
];

/**
 * Rules computed from membership, ledger and CPD rather than the profile (decision 032). A number at the end is the
 * rule's parameter: YEARS_IN_CATEGORY_3 = at least 3 years in the current category, CPD_YEARS_3 = the CPD requirement
 * met in each of the last 3 years.
 */
const licenceRules: ItemSeed[] = [
  ['LICENSABLE', 'Active membership in a category that may hold a practising licence'],
  ['GOOD_STANDING', 'Good standing: no subscription or fee overdue'],
  ['CPD_LAST_YEAR', "Last year's CPD requirement met"],
];

/** The rules of an upgrade to each category, beside the profile items. */
const upgradeRules: Record<string, ItemSeed[]> = {
  PROFESSIONAL: [
    ['YEARS_IN_CATEGORY_3', 'At least 3 years registered in your current category'],
    ['GOOD_STANDING', 'Good standing: no subscription or fee overdue'],
    ['CPD_YEARS_3', 'CPD requirement met in each of the last three years'],
  ],
  CONSULTING: [
    ['YEARS_IN_CATEGORY_5', 'At least 5 years registered as a Professional Engineer'],
    ['GOOD_STANDING', 'Good standing: no subscription or fee overdue'],
    ['CPD_YEARS_3', 'CPD requirement met in each of the last three years'],
  ],
  ACCREDITED: [
    ['YEARS_IN_CATEGORY_3', 'At least 3 years registered in your current category'],
    ['GOOD_STANDING', 'Good standing: no subscription or fee overdue'],
    ['CPD_LAST_YEAR', "Last year's CPD requirement met"],
  ],
};

/** Upgrade plans (part 2 §2.2, §9): PE open to graduates and technologists; CE and AC seeded closed. */
export const upgradePlans = [
  { code: 'PE', toCategory: 'PROFESSIONAL', amount: 11000, enabled: true, fromCategories: ['GRADUATE', 'TECHNOLOGIST'] },
  { code: 'CE', toCategory: 'CONSULTING', amount: 100000, enabled: false, fromCategories: ['PROFESSIONAL'] },
  { code: 'AC', toCategory: 'ACCREDITED', amount: 11000, enabled: false, fromCategories: ['PROFESSIONAL'] },
] as const;

export function requirementsFor(category: CategorySeed): { type: string; items: ItemSeed[] }[] {
  if (category.categoryType === 'Corporate') {
    return [
      { type: 'Application', items: firmApplication },
      { type: 'License', items: [...firmApplication.filter(([code]) => code !== 'CONVICTION'), ...licenceRules] },
    ];
  }
  const application = [...individualApplication];
  if (category.code !== 'GRADUATE' && category.code !== 'TECHNOLOGIST') {
    application.push(['PROFESSIONAL', 'Membership of professional institutions']);
  }
  const upgrade: ItemSeed[] = [
    ['EDUCATION', 'Certified copies of diploma or degree certificates'],
    ['WORK EXPERIENCE', 'Supervised work experience'],
    ['REFEREE', 'Two referees who are registered members'],
  ];
  const license: ItemSeed[] = [
    ['PROFILE', 'Bio data'],
    ['CONTACTS', 'Personal and work contact details'],
    ['WORK EXPERIENCE', 'Current work experience'],
  ];
  return [
    { type: 'Application', items: application },
    { type: 'Upgrade', items: [...upgrade, ...(upgradeRules[category.code] ?? [])] },
    { type: 'License', items: [...license, ...licenceRules] },
  ];
}

export const termsAndConditions = `
<h3>Terms and conditions of membership</h3>
<ol>
  <li>I declare that the information I give in this application, and in my profile, is true and complete. A false or misleading statement is grounds for refusal or later removal from the register.</li>
  <li>I agree to be bound by the Code of Conduct and Ethics of the Board and by its rules on continuing professional development.</li>
  <li>I authorise the Board to verify my qualifications, experience and references with the institutions, employers and referees I name.</li>
  <li>Application fees are not refundable once an application has been submitted for review.</li>
  <li>Annual subscriptions fall due on 1 January each year. A member in arrears is not in good standing and may not receive certificates of good standing.</li>
  <li>The Board publishes the names, membership numbers, categories and disciplines of registered members in its public register.</li>
  <li>The Board processes my personal data under the Data Protection Act, 2019, for the purposes of registration and regulation.</li>
</ol>`.trim();

export const disclaimerTexts = {
  Activation:
    'By continuing you consent to the Board sharing the contact details held in its register (email address and mobile number) with this portal, so that an activation code can be sent to you.',
  Application:
    'I confirm that I am applying in my own name, that the details I give are true, and that I consent to the Board processing my personal data for the purpose of registration.',
};

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="18" fill="#9F232D"/><path d="M48 16 76 30v20c0 16-12 26-28 30-16-4-28-14-28-30V30z" fill="none" stroke="#F5852C" stroke-width="5"/><text x="48" y="60" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">ERB</text></svg>`;
export const defaultLogo = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString('base64')}`;
export const defaultDisplayName = 'Engineers Registration Board';
