import type { FirmSeed } from './types';

// Fictional consulting engineering firms for development/demo use only; any resemblance to real firms is coincidental.
export const firms: FirmSeed[] = [
  { code: 'FRM001', name: 'Tana Ridge Consulting Engineers Ltd' },
  { code: 'FRM002', name: 'Kilima Structural Partners' },
  { code: 'FRM003', name: 'Mvua Hydrotech Associates' },
  { code: 'FRM004', name: 'Savanna Gridline Power Consultants' },
  { code: 'FRM005', name: 'Ziwa Shoreline Engineering Ltd' },
  { code: 'FRM006', name: 'Nyota Geomatics Surveys Ltd' },
  { code: 'FRM007', name: 'Mbuyu Infrastructure Design Group' },
  { code: 'FRM008', name: 'Jabali Ground Engineering Ltd' },
  { code: 'FRM009', name: 'Kijani Envirotech Engineers' },
  { code: 'FRM010', name: 'Upepo Building Services Engineers' },
  { code: 'FRM011', name: 'Mto Crossing Civil Consultants' },
  { code: 'FRM012', name: 'Twiga Span Bridge Designers' },
];
