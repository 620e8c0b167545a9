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
  workplace: string;
  position: string;
  registrationDate: string;
  /** null: the member is on the register but has never used the portal (try activation). */
  password: string | null;
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
    workplace: 'Kenya Urban Roads Authority',
    position: 'Senior Roads Engineer',
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
    workplace: 'Lake Basin Power Consultants',
    position: 'Principal Engineer',
    registrationDate: '2011-02-10',
    password: null,
  },
];
