import type { CodeDescriptionSeed } from './types';

export const disciplines: CodeDescriptionSeed[] = [
  { code: 'CIVIL', description: 'Civil Engineering' },
  { code: 'MECHANICAL', description: 'Mechanical Engineering' },
  { code: 'ELECTRICAL', description: 'Electrical Engineering' },
  { code: 'CHEMICAL', description: 'Chemical Engineering' },
  { code: 'AGRICULTURAL', description: 'Agricultural and Biosystems Engineering' },
  { code: 'AERONAUTICAL', description: 'Aeronautical Engineering' },
  { code: 'GEOSPATIAL', description: 'Geospatial Engineering' },
  { code: 'MINING', description: 'Mining Engineering' },
  { code: 'MARINE', description: 'Marine Engineering' },
  { code: 'BIOMEDICAL', description: 'Biomedical Engineering' },
  { code: 'TELECOM', description: 'Electrical and Telecommunications / Electronics Engineering' },
  { code: 'WATER', description: 'Water Engineering' },
  { code: 'STRUCTURAL', description: 'Structural Engineering' },
  { code: 'GEOTECHNICAL', description: 'Geotechnical Engineering' },
  { code: 'PETROLEUM', description: 'Petroleum Engineering' },
  { code: 'INDUSTRIAL', description: 'Industrial Engineering' },
  { code: 'SOFTWARE', description: 'Software Engineering' },
  { code: 'MECHATRONIC', description: 'Mechatronic Engineering' },
  { code: 'ENVIRONMENTAL', description: 'Environmental Engineering' },
];
