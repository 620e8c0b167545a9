/** Demo register entries, printed at start-up so a newcomer can try both sign-in paths. */
export interface DemoPerson {
  memberNo: string;
  firstName: string;
  secondName: string;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  idNumber: string;
  email: string;
  phone: string;
  category: string;
  discipline: string;
  county: string;
  city: string;
  /** The current job, seeded as the member's work-experience entry. */
  workplace: string;
  position: string;
  sector: string;
  workSince: string;
  registrationDate: string;
  /** null: the member is on the register but has never used the portal (try activation). */
  password: string | null;
  /** What to try as this member, printed beside the sign-in at start-up. */
  hint?: string;
}

export const demoPeople: DemoPerson[] = [
  {
    memberNo: 'ERB1001',
    firstName: 'Jane',
    secondName: 'Wanjiru',
    lastName: 'Mwangi',
    gender: 'Female',
    dateOfBirth: '1986-03-14',
    idNumber: '24567890',
    email: 'jane.mwangi@example.com',
    phone: '254712000001',
    category: 'PROFESSIONAL',
    discipline: 'CIVIL',
    county: '047',
    city: 'NRB-NAIROBI',
    workplace: 'Kenya Urban Roads Authority',
    position: 'Senior Roads Engineer',
    sector: 'PARASTATAL',
    workSince: '2019-01-07',
    registrationDate: '2018-06-21',
    password: 'Member@2026',
  },
  {
    memberNo: 'ERB1002',
    firstName: 'Peter',
    secondName: 'Otieno',
    lastName: 'Ouma',
    gender: 'Male',
    dateOfBirth: '1979-11-02',
    idNumber: '21876543',
    email: 'peter.ouma@example.com',
    phone: '254722000002',
    category: 'CONSULTING',
    discipline: 'ELECTRICAL',
    county: '042',
    city: 'KSM-KISUMU',
    workplace: 'Lake Basin Power Consultants',
    position: 'Principal Engineer',
    sector: 'CONSULTANCY',
    workSince: '2012-05-02',
    registrationDate: '2011-02-10',
    password: null,
  },
  // A graduate who has met CPD for three years: can upgrade to Professional Engineer (decision 032).
  {
    memberNo: 'ERB1003',
    firstName: 'Grace',
    secondName: 'Akinyi',
    lastName: 'Achieng',
    gender: 'Female',
    dateOfBirth: '1996-08-19',
    idNumber: '33445566',
    email: 'grace.achieng@example.com',
    phone: '254733000003',
    category: 'GRADUATE',
    discipline: 'MECHANICAL',
    county: '001',
    city: 'MSA-MOMBASA',
    workplace: 'Kenya Ports Authority',
    position: 'Graduate Mechanical Engineer',
    sector: 'PARASTATAL',
    workSince: '2020-09-01',
    registrationDate: '2021-03-01',
    password: 'Member@2026',
  },
  // A professional engineer in good standing with last year's CPD met: can apply for a practising licence.
  {
    memberNo: 'ERB1004',
    firstName: 'Samuel',
    secondName: 'Kiprono',
    lastName: 'Kiptoo',
    gender: 'Male',
    dateOfBirth: '1983-01-27',
    idNumber: '22334455',
    email: 'samuel.kiptoo@example.com',
    phone: '254744000004',
    category: 'PROFESSIONAL',
    discipline: 'CIVIL',
    county: '027',
    city: 'UGS-ELDORET',
    workplace: 'Rift Valley Water Works',
    position: 'Resident Engineer',
    sector: 'PARASTATAL',
    workSince: '2016-04-01',
    registrationDate: '2015-07-15',
    password: 'Member@2026',
  },
  // Three years of subscriptions unpaid: pays everything due at once (decision 046).
  {
    memberNo: 'ERB1005',
    firstName: 'David',
    secondName: 'Musyoka',
    lastName: 'Mutua',
    gender: 'Male',
    dateOfBirth: '1988-05-09',
    idNumber: '26778899',
    email: 'david.mutua@example.com',
    phone: '254755000005',
    category: 'PROFESSIONAL',
    discipline: 'ELECTRICAL',
    county: '016',
    city: 'MKS-MACHAKOS',
    workplace: 'Athi Water Works',
    position: 'Electrical Engineer',
    sector: 'PARASTATAL',
    workSince: '2017-02-01',
    registrationDate: '2017-09-18',
    password: 'Member@2026',
    hint: 'three subscriptions unpaid: try "Pay everything due"',
  },
  // A licensed professional engineer: this year's practising licence (issue 30's complaint flow suspends her).
  {
    memberNo: 'ERB1006',
    firstName: 'Mercy',
    secondName: 'Akinyi',
    lastName: 'Odhiambo',
    gender: 'Female',
    dateOfBirth: '1984-08-02',
    idNumber: '23445566',
    email: 'mercy.odhiambo@example.com',
    phone: '254766000006',
    category: 'PROFESSIONAL',
    discipline: 'STRUCTURAL',
    county: '042',
    city: 'KSM-KISUMU',
    workplace: 'Lake Basin Consulting Engineers',
    position: 'Structural Engineer',
    sector: 'PRIVATE',
    workSince: '2014-03-01',
    registrationDate: '2013-11-04',
    password: 'Member@2026',
    hint: "holds this year's practising licence",
  },
];

/** A demo approver: reaches the review back office (/admin/applications) without being an administrator. */
export const demoApprover = { email: 'approver@portal.test', password: 'Approver@2026', name: 'Demo Approver' };

/**
 * Money on the demo member's dashboard (decision 022): last year's subscription paid by M-Pesa, and this year's
 * billed and overdue (billed 45 days before the seed runs, due 15 days before), so a fresh machine shows arrears
 * and a Pay Now that turns the member back to In Good Standing.
 */
export const demoMoney = {
  memberNo: 'ERB1001',
  /** The member's category fee (PROFESSIONAL SUBSCRIPTION 5,800.00), in cents. */
  subscriptionCents: 580_000,
  paidMpesaReceipt: 'SDE7H2K9QX',
  applicationMpesaReceipt: 'PKA4M8T2LC',
  paidPhone: '254712000001',
} as const;

/** The member in arrears: the subscriptions of the last three years billed and left unpaid. */
export const demoArrears = { memberNo: 'ERB1005', years: 3, subscriptionCents: 580_000 } as const;
