// The referees module's interface for other modules.

export { sendDueReminders, startRefereeReminders } from './reminders';
export { refereeDeliveries, refereeEntryRemoved, refereeEntrySaved } from './requests';
export { resendRequestsToRecord } from './to-record';
