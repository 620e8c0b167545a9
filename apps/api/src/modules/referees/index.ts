// The referees module's interface for other modules.

export { sendDueReminders, startRefereeReminders } from './reminders';
export { refereeEntryRemoved, refereeEntrySaved } from './requests';
