import type { CodeDescriptionSeed } from './types';

/** The staff categories a firm counts under Firm Employees (profile/employees/employeeSetup). */
export const employeeTypes: CodeDescriptionSeed[] = [
  { code: 'ENGINEERS', description: 'Registered Engineers' },
  { code: 'GRADUATES', description: 'Graduate Engineers' },
  { code: 'TECHNOLOGISTS', description: 'Engineering Technologists' },
  { code: 'TECHNICIANS', description: 'Technicians' },
  { code: 'OTHER', description: 'Other Staff' },
];
