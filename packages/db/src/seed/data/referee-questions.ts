import type { CodeDescriptionSeed } from './types';

/** The referee form's questions (GET questions): code = question number, description = the question. */
export const refereeQuestions: CodeDescriptionSeed[] = [
  {
    code: '1',
    description: 'How long have you known the applicant, and in what capacity (for example as supervisor, colleague or client)?',
  },
  {
    code: '2',
    description: 'Describe the engineering work of the applicant that you have seen or supervised, and the responsibility they carried.',
  },
  {
    code: '3',
    description: "How would you rate the applicant's technical competence and professional judgement? Give an example if you can.",
  },
  {
    code: '4',
    description: "Do you know of anything that calls into question the applicant's integrity, conduct or fitness to be registered?",
  },
  {
    code: '5',
    description: 'Do you recommend the applicant for registration in the category applied for? Please give your reasons.',
  },
];
