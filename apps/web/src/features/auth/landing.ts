import type { User } from '@portal/contract';

/** Two-step sign-in: set-up, recovery codes, turning it off. */
export const SECURITY_PATH = '/security';

/** Where a signed-in user belongs (part 1 §2, auth layout). */
export function landingPath(user: User): string {
  // Staff without a second factor may only set one up (decision 047).
  if (isStaff(user)) return user.mfa_enabled === false ? SECURITY_PATH : adminHome(user);
  if (!user.profile_id) return user.type === 'Corporate' ? '/initiate-firm' : '/initiate-profile';
  return '/dashboard';
}

/** Admins and approvers: the back office's people, who have no member profile of their own to build. */
export function isStaff(user: User): boolean {
  return user.is_admin || user.is_approver;
}

/**
 * The main administrator starts at Admin Settings; other admins at User Settings; approvers (not admins)
 * at the review queue, the only back office they have.
 */
export function adminHome(user: User): string {
  if (!user.is_admin) return user.is_approver ? '/admin/applications' : '/dashboard';
  return user.is_main_admin ? '/admin/settings' : '/admin/user-settings';
}
