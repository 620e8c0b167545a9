import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../shared/lite/icon';
import type { IconName } from '../../shared/lite/icon-paths';
import { activeLinkTo, type NavLink } from './nav-links';

const icons: Record<string, IconName> = {
  Dashboard: 'Dashboard',
  Profile: 'Person',
  CPD: 'School',
  Certificate: 'CardMembership',
  Application: 'Assignment',
  MyProjects: 'Launch',
  Subscription: 'Subscriptions',
  Upgrade: 'TrendingUp',
  License: 'VerifiedUser',
  Billing: 'Payments',
  Events: 'Event',
  Campaigns: 'Campaign',
  'Admin Settings': 'Tune',
  'User Settings': 'People',
  'Audit Log': 'History',
  Requirements: 'Checklist',
  Applications: 'FactCheck',
  Members: 'Groups',
  Complaints: 'Gavel',
  'My Complaints': 'Gavel',
};

/** The drawer's links: a Material icon each, sub-links indented below their link. */
export function DrawerLinks({ links, onNavigate }: { links: NavLink[]; onNavigate: () => void }) {
  const location = useLocation();
  // One entry lit at a time: the link or sub-link that leads closest to this page.
  const active = activeLinkTo(links, location.pathname);
  return (
    <nav aria-label="Main">
      <ul className="lt-nav">
        {links.map((link) => {
          const icon = <Icon name={icons[link.package ?? link.title] ?? 'Badge'} />;
          if (link.external) {
            return (
              <li key={link.title}>
                <a className="lt-nav-item" href={link.to} target="_blank" rel="noopener noreferrer">
                  <span className="lt-nav-icon">{icon}</span>
                  {link.title}
                </a>
              </li>
            );
          }
          return (
            <li key={link.title}>
              <NavItem to={link.children?.length ? link.children[0].to : link.to} selected={active === link.to} onNavigate={onNavigate}>
                <span className="lt-nav-icon">{icon}</span>
                {link.title}
              </NavItem>
              {link.children?.map((child) => (
                <NavItem key={child.title} to={child.to} selected={active === child.to} onNavigate={onNavigate} child>
                  {child.title}
                </NavItem>
              ))}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A drawer entry: lit (and announced as the current page) when it is the one that leads closest to this page. */
function NavItem({
  to,
  selected,
  onNavigate,
  child,
  children,
}: {
  to: string;
  selected: boolean;
  onNavigate: () => void;
  child?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={`lt-nav-item${child ? ' lt-nav-child' : ''}${selected ? ' lt-nav-selected' : ''}`}
      aria-current={selected ? 'page' : undefined}
      onClick={onNavigate}
    >
      {children}
    </Link>
  );
}

/** On a phone the drawer is a modal dialog: the browser keeps focus inside, Escape and the backdrop close it. */
export function DrawerDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element || typeof element.showModal !== 'function') return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop's keyboard way out is Escape, which the dialog handles itself
    <dialog
      ref={dialog}
      className="lt-drawer-dialog"
      aria-label="Menu"
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself; its content fills it.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      {/* Drawn only while open: closed, a phone's drawer would be drawn again with the shell on every update. */}
      {open && children}
    </dialog>
  );
}
