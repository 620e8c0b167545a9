import type { CodeDescriptionSeed } from './types';

export const industryGroups: CodeDescriptionSeed[] = [
  { code: 'PUBLIC', description: 'Public Sector / Government' },
  { code: 'PARASTATAL', description: 'State Corporation / Parastatal' },
  { code: 'PRIVATE', description: 'Private Sector' },
  { code: 'NGO', description: 'Non-Governmental Organisation' },
  { code: 'ACADEMIA', description: 'Academia / Research' },
  { code: 'CONSULTANCY', description: 'Engineering Consultancy' },
  { code: 'CONSTRUCTION', description: 'Construction' },
  { code: 'ENERGY', description: 'Energy and Power' },
  { code: 'WATER', description: 'Water and Sanitation' },
  { code: 'MANUFACTURING', description: 'Manufacturing' },
  { code: 'TRANSPORT', description: 'Transport and Infrastructure' },
  { code: 'ICT', description: 'ICT and Telecommunications' },
  { code: 'MINING', description: 'Mining and Extractives' },
  { code: 'AGRICULTURE', description: 'Agriculture and Agro-processing' },
  { code: 'OTHER', description: 'Other' },
];
