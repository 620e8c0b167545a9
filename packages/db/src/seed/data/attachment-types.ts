import type { CodeDescriptionSeed } from './types';

export const attachmentTypes: CodeDescriptionSeed[] = [
  { code: 'ID', description: 'National ID / Passport' },
  { code: 'PHOTO', description: 'Passport-size Photograph' },
  { code: 'DEGREE', description: 'Degree Certificate' },
  { code: 'TRANSCRIPT', description: 'Academic Transcript' },
  { code: 'KRA', description: 'KRA PIN Certificate' },
  { code: 'CV', description: 'Curriculum Vitae' },
  { code: 'GOODCONDUCT', description: 'Certificate of Good Conduct' },
  { code: 'PROFCERT', description: 'Professional Registration Certificate' },
  { code: 'REGCERT', description: 'Certificate of Incorporation / Registration' },
  { code: 'CR12', description: 'CR12 (Company Directors and Shareholders)' },
  { code: 'BUSPERMIT', description: 'Single Business Permit' },
  { code: 'TAXCOMPLIANCE', description: 'Tax Compliance Certificate' },
  { code: 'OTHER', description: 'Other Document' },
];
