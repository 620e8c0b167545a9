import type { User } from '@portal/contract';

/** Where a signed-in user belongs (part 1 §2, auth layout). */
export function landingPath(user: User): string {
  if (user.is_admin) return '/admin';
  if (!user.profile_id) return user.type === 'Corporate' ? '/initiate-firm' : '/initiate-profile';
  return '/dashboard';
}
