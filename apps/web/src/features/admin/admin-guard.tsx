import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { adminHome } from '../auth/landing';

/** Admin pages: members go to their dashboard; Admin Settings is the main administrator's only. */
export function AdminGuard({ children, mainOnly = false }: { children: ReactNode; mainOnly?: boolean }) {
  const session = useSession();
  if (!session?.user.is_admin) return <Navigate to="/dashboard" replace />;
  if (mainOnly && !session.user.is_main_admin) return <Navigate to="/admin/user-settings" replace />;
  return <>{children}</>;
}

export function AdminIndex() {
  const session = useSession();
  return <Navigate to={session ? adminHome(session.user) : '/'} replace />;
}
