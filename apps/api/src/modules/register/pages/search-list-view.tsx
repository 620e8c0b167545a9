/** @jsxRuntime automatic */
import { type PublicProfile, registerMessages, type SearchPage, type SearchStats, searchPageCount } from '@portal/contract';
import { SEARCH_LIST_PATH } from '../../../shared/pages/frame';
import { cardPath, currentWorkplace, MemberAvatar, MemberChips, MemberSanctions, memberName } from './member-view';

const number = new Intl.NumberFormat('en-KE');
const MAX_BARS = 8;

export interface SearchListModel {
  term: string;
  page: number;
  licensed: boolean;
  results: SearchPage | null;
  stats: SearchStats | null;
  showWorkPlace: boolean;
  /** The server's message when the search could not run (too many searches from this address). */
  problem: string | null;
}

/** The list's address: the term, the page and, when asked, only members licensed to practise. */
export function listPath(term: string, page: number, licensed: boolean): string {
  const params = new URLSearchParams();
  if (term) params.set('term', term);
  if (licensed) params.set('licensed', 'true');
  params.set('page', String(page));
  return `${SEARCH_LIST_PATH}?${params.toString()}`;
}

function ResultCard({ member, showWorkPlace }: { member: PublicProfile; showWorkPlace: boolean }) {
  const workplace = showWorkPlace ? currentWorkplace(member) : null;
  return (
    <li>
      <a className="card result" href={cardPath(member.ProfileID)}>
        <MemberAvatar member={member} />
        <div>
          <h2>{memberName(member)}</h2>
          <p className="body2 muted">
            {member.MemberNo} · {member.CategoryDescription}
          </p>
          {member.DisciplineDescription && <p className="body2">{member.DisciplineDescription}</p>}
          {workplace && <p className="body2 muted">{workplace}</p>}
          <MemberChips member={member} />
          <MemberSanctions member={member} />
        </div>
      </a>
    </li>
  );
}

function summary(results: SearchPage, term: string, licensed: boolean): string {
  if (results.total === 0) return registerMessages.noResults;
  const members = `${number.format(results.total)}${results.capped ? '+' : ''} ${licensed ? 'licensed ' : ''}member${results.total === 1 ? '' : 's'}`;
  return `${members} ${term ? `found for "${term}"` : 'holding a current practising licence'}`;
}

/** Previous, the pages around this one, Next: plain links, so paging works without a script. */
function Pagination({ term, page, licensed, pages }: { term: string; page: number; licensed: boolean; pages: number }) {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  return (
    <nav aria-label="Pages of results">
      <ul className="pages">
        {page > 1 && (
          <li>
            <a href={listPath(term, page - 1, licensed)} aria-label="Previous page" rel="prev">
              ‹
            </a>
          </li>
        )}
        {shown.map((p, i) => (
          <li key={p}>
            {i > 0 && p - shown[i - 1] > 1 && <span aria-hidden="true">…</span>}
            <a href={listPath(term, p, licensed)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
              {p}
            </a>
          </li>
        ))}
        {page < pages && (
          <li>
            <a href={listPath(term, page + 1, licensed)} aria-label="Next page" rel="next">
              ›
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

function StatsCards({ stats }: { stats: SearchStats }) {
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title">The register at a glance · {number.format(stats.total)} active members</h2>
      <div className="grid2">
        {stats.groups
          .filter((g) => g.items.length > 0)
          .map((group) => {
            const items = group.items.slice(0, MAX_BARS);
            const max = Math.max(...items.map((i) => i.count), 1);
            return (
              <div key={group.key} className="card">
                <h3 style={{ marginBottom: 12 }}>{group.title}</h3>
                <ul className="bars" aria-label={group.title}>
                  {items.map((item) => (
                    <li key={item.code || item.label}>
                      <div className="bar-label">
                        <span title={item.label}>{item.label}</span>
                        <span>{number.format(item.count)}</span>
                      </div>
                      <div className="track" aria-hidden="true">
                        <div className="fill" style={{ width: `${(item.count / max) * 100}%` }} />
                      </div>
                    </li>
                  ))}
                </ul>
                {group.items.length > MAX_BARS && <p className="body2 muted">and {group.items.length - MAX_BARS} more</p>}
              </div>
            );
          })}
      </div>
    </section>
  );
}

/** /search/search-list: the public register by name or member number, 20 a page, and the register's counts. */
export function SearchListView(model: SearchListModel) {
  const { term, page, licensed, results } = model;
  return (
    <div className="stack">
      <div>
        <h1>Member Checker</h1>
        <p className="lead">
          Look up a registered member by name or member number. Concerned about an engineer's work or conduct?{' '}
          <a href="/complaints/new">Report a concern</a>.
        </p>
        <form id="search-form" role="search" action={SEARCH_LIST_PATH} method="get">
          <div className="search">
            <div className="field">
              <label htmlFor="term">{registerMessages.searchPlaceholder}</label>
              <input id="term" name="term" type="search" defaultValue={term} maxLength={100} autoComplete="off" />
            </div>
            <button type="submit" className="btn btn-contained">
              Search
            </button>
          </div>
          <input type="hidden" name="page" value="1" />
          <label className="check">
            <input type="checkbox" name="licensed" value="true" defaultChecked={licensed} />
            {registerMessages.licensedOnly}
          </label>
        </form>
      </div>
      {model.problem && (
        <p className="alert alert-error" role="alert">
          {model.problem}
        </p>
      )}
      {results && (
        <section aria-label="Results" className="stack">
          <p className="muted" aria-live="polite">
            {summary(results, term, licensed)}
          </p>
          {results.capped && <p className="alert">{registerMessages.capped}</p>}
          {results.profiles.length > 0 && (
            <ul className="grid">
              {results.profiles.map((member) => (
                <ResultCard key={member.ProfileID} member={member} showWorkPlace={model.showWorkPlace} />
              ))}
            </ul>
          )}
          {results.total > 0 && <Pagination term={term} page={page} licensed={licensed} pages={searchPageCount(results.total)} />}
        </section>
      )}
      {model.stats && <StatsCards stats={model.stats} />}
    </div>
  );
}
