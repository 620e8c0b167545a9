/** @jsxRuntime automatic */
import type { ReactNode } from 'react';

/** What every server-rendered page shows of the organisation, read once per request. */
export interface Organisation {
  name: string;
  /** The logo's address, or null without one. */
  logoUrl: string | null;
  css: string;
  primary: string;
}

export interface NavLink {
  label: string;
  href: string;
  outlined?: boolean;
}

/** The member checker's address: the public pages' home. */
export const SEARCH_LIST_PATH = '/search/search-list';

/** The bar of the public pages: the member checker and the sign-in page. */
export const PUBLIC_NAV: NavLink[] = [
  { label: 'Search', href: SEARCH_LIST_PATH },
  { label: 'Login', href: '/', outlined: true },
];

/**
 * A whole public page as the server renders it (decision 042): the bar with the logo and the name (to `home`) and
 * its links, the page, the Powered-by footer. Styles inline; scripts deferred (modules when `module`).
 */
export function PageFrame({
  organisation,
  title,
  description,
  home,
  nav,
  scripts = [],
  preload = [],
  after,
  children,
}: {
  organisation: Organisation;
  title: string;
  description: string;
  home: string;
  nav: NavLink[];
  scripts?: { src: string; module?: boolean }[];
  /** Module scripts the page's script imports, fetched at once instead of one after another. */
  preload?: string[];
  /** Drawn after the footer (a fixed scroll-to-top button). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={description} />
        <meta name="theme-color" content={organisation.primary} />
        <title>{`${title} · ${organisation.name}`}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the style sheet is built by the server from validated colours */}
        <style dangerouslySetInnerHTML={{ __html: organisation.css }} />
        {preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {scripts.map((s) => (s.module ? <script key={s.src} type="module" src={s.src} /> : <script key={s.src} src={s.src} defer />))}
      </head>
      <body>
        <header className="bar">
          <div className="bar-in">
            {organisation.logoUrl && <img className="logo" src={organisation.logoUrl} alt="" width={40} height={40} />}
            <a className="org" href={home}>
              {organisation.name}
            </a>
            <nav aria-label="Site" className="site-nav">
              {nav.map((link) => (
                <a key={link.href} className={link.outlined ? 'btn btn-outlined' : 'btn'} href={link.href}>
                  {link.label}
                </a>
              ))}
            </nav>
          </div>
        </header>
        <main>{children}</main>
        <footer>
          © {new Date().getFullYear()} {organisation.name} · Powered by{' '}
          <a href="https://github.com/" target="_blank" rel="noopener noreferrer">
            Open Membership Portal
          </a>
        </footer>
        {after}
      </body>
    </html>
  );
}
