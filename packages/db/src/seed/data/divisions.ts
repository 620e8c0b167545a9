import type { CodeDescriptionSeed } from './types';

export const divisions: CodeDescriptionSeed[] = [
  { code: 'CIVIL', description: 'Civil Division' },
  { code: 'MECH', description: 'Mechanical Division' },
  { code: 'ELEC', description: 'Electrical Division' },
  { code: 'CHEM', description: 'Chemical Division' },
  { code: 'AGRIC', description: 'Agricultural Division' },
  { code: 'GEO', description: 'Geospatial Division' },
  { code: 'AERO', description: 'Aeronautical Division' },
  { code: 'MARINE', description: 'Marine Division' },
  { code: 'MINING', description: 'Mining Division' },
];
