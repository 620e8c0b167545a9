import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { adminHome } from '../auth/landing';

/**
 * Admin pages: members go to their dashboard; Admin Settings is the main administrator's only. With
 * `approvers`, the page is also the approvers' (the review back office: applications and members).
 */
export function AdminGuard({
  children,
  mainOnly = false,
  approvers = false,
}: {
  children: ReactNode;
  mainOnly?: boolean;
  approvers?: boolean;
}) {
  const session = useSession();
  const user = session?.user;
  const allowed = Boolean(user?.is_admin || (approvers && user?.is_approver));
  if (!user || !allowed) return <Navigate to={user ? adminHome(user) : '/'} replace />;
  if (mainOnly && !user.is_main_admin) return <Navigate to="/admin/user-settings" replace />;
  return <>{children}</>;
}

export function AdminIndex() {
  const session = useSession();
  return <Navigate to={session ? adminHome(session.user) : '/'} replace />;
}
