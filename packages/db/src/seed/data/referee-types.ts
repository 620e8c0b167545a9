import type { CodeDescriptionSeed } from './types';

export const refereeTypes: CodeDescriptionSeed[] = [
  { code: 'PROPOSER', description: 'Proposer' },
  { code: 'SECONDER', description: 'Seconder' },
];
