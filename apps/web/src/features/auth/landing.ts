import type { User } from '@portal/contract';

/** Where a signed-in user belongs (part 1 §2, auth layout). */
export function landingPath(user: User): string {
  if (user.is_admin) return adminHome(user);
  if (!user.profile_id) return user.type === 'Corporate' ? '/initiate-firm' : '/initiate-profile';
  return '/dashboard';
}

/** The main administrator starts at Admin Settings; other admins only have User Settings. */
export function adminHome(user: User): string {
  return user.is_main_admin ? '/admin/settings' : '/admin/user-settings';
}
