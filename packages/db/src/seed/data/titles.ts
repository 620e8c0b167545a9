import type { TitleSeed } from './types';

export const titles: TitleSeed[] = [
  { title: 'Eng.', description: 'Engineer', entitled: true, sequenceID: 1 },
  { title: 'Prof.', description: 'Professor', entitled: false, sequenceID: 2 },
  { title: 'Dr.', description: 'Doctor', entitled: false, sequenceID: 3 },
  { title: 'Hon.', description: 'Honourable', entitled: false, sequenceID: 4 },
  { title: 'Rev.', description: 'Reverend', entitled: false, sequenceID: 5 },
  { title: 'Mr.', description: 'Mister', entitled: false, sequenceID: 6 },
  { title: 'Mrs.', description: 'Mrs (married woman)', entitled: false, sequenceID: 7 },
  { title: 'Ms.', description: 'Ms (woman, marital status unspecified)', entitled: false, sequenceID: 8 },
  { title: 'Miss', description: 'Miss (unmarried woman)', entitled: false, sequenceID: 9 },
  { title: 'CPA', description: 'Certified Public Accountant', entitled: false, sequenceID: 10 },
  { title: 'Arch.', description: 'Architect', entitled: false, sequenceID: 11 },
  { title: 'QS', description: 'Quantity Surveyor', entitled: false, sequenceID: 12 },
];
