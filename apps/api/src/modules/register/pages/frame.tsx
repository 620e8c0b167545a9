/** @jsxRuntime automatic */
import type { ReactNode } from 'react';
import { registerScript } from './client-script';

/** What every register page shows of the organisation, read once per request. */
export interface Organisation {
  name: string;
  /** The logo's address, or null without one. */
  logoUrl: string | null;
  css: string;
  primary: string;
}

export const SEARCH_LIST_PATH = '/search/search-list';

/**
 * A whole register page: the bar with the logo and name (to the search), Search and Login, the page, the
 * Powered-by footer and the scroll-to-top button (part 1 §9). Styles inline, one small deferred script.
 */
export function RegisterFrame({ organisation, title, children }: { organisation: Organisation; title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={`Check whether someone is a registered member of ${organisation.name}.`} />
        <meta name="theme-color" content={organisation.primary} />
        <title>{`${title} · ${organisation.name}`}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the style sheet is built by the server from validated colours */}
        <style dangerouslySetInnerHTML={{ __html: organisation.css }} />
        <script src={`/search/register.js?v=${registerScript.version}`} defer />
      </head>
      <body>
        <header className="bar">
          <div className="bar-in">
            {organisation.logoUrl && <img className="logo" src={organisation.logoUrl} alt="" width={40} height={40} />}
            <a className="org" href={SEARCH_LIST_PATH}>
              {organisation.name}
            </a>
            <nav aria-label="Site" style={{ display: 'flex', gap: 8 }}>
              <a className="btn" href={SEARCH_LIST_PATH}>
                Search
              </a>
              <a className="btn btn-outlined" href="/">
                Login
              </a>
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
        <button type="button" id="to-top" className="top" aria-label="Scroll to top" hidden>
          ↑
        </button>
      </body>
    </html>
  );
}
