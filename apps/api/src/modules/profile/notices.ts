import { profileMessages } from '@portal/contract';

/** Profile answers the spec does not word (docs/decisions/015-profile-entries-and-files.md); its own are in the contract. */
export const profileNotices = {
  profileExists: 'You already have a profile',
  noProfile: 'Create your profile first',
  individualOnly: 'A firm keeps its details under Firm Details',
  firmOnly: 'Only a firm account has firm details',
  adminNoProfile: 'Administrators do not have a member profile',
  wrongMemberType: profileMessages.wrongMemberType,
  entryNotFound: 'Entry not found',
  entryNoRequired: 'EntryNo is required',
  titleNotAllowed: 'This title is not available for your membership category',
  refereeSelf: 'You cannot be your own referee',
  refereeDuplicate: 'This referee is already in your list',
  employeeType: 'employeeType is required',
  fileNotFound: 'File not found',
  removed: 'Deleted Successfully',
} as const;
