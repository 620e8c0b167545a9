/** @jsxRuntime automatic */
import type { PublicProfile } from '@portal/contract';
import { currentWorkplace, MemberAvatar, MemberChips, MemberSanctions, memberName } from './member-view';

function BackLink({ href }: { href: string }) {
  return (
    <a className="btn" href={href} style={{ marginLeft: -8 }}>
      ← Back to search
    </a>
  );
}

/** /search/search-card/{code}: a listed member's public card, or why there is none. */
export function SearchCardView({
  member,
  problem,
  backHref,
  showWorkPlace,
}: {
  member: PublicProfile | null;
  problem: string | null;
  /** The results the visitor came from when they came from the list, else the empty search. */
  backHref: string;
  showWorkPlace: boolean;
}) {
  if (!member) {
    return (
      <div className="stack">
        <BackLink href={backHref} />
        <h1>Member Checker</h1>
        <p className="alert alert-warning" role="alert">
          {problem}
        </p>
      </div>
    );
  }
  const facts: [string, string | null][] = [
    ['Member No', member.MemberNo],
    ['Category', member.CategoryDescription],
    ['Discipline', member.DisciplineDescription ?? member.discipline],
  ];
  if (showWorkPlace) facts.push(['Current workplace', currentWorkplace(member)]);
  return (
    <div className="stack">
      <BackLink href={backHref} />
      <article className="card profile">
        <MemberAvatar member={member} large />
        <div>
          <h1>{memberName(member)}</h1>
          {member.profileTitle.length > 0 && <p className="muted">{member.profileTitle.map((t) => t.description).join(', ')}</p>}
          <MemberChips member={member} showUnlicensed />
          <MemberSanctions member={member} />
          <dl className="facts">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value || '—'}</dd>
              </div>
            ))}
          </dl>
          <p>
            <a href={`/complaints/new?memberNo=${encodeURIComponent(member.MemberNo)}`}>Report a concern about this engineer</a>
          </p>
        </div>
      </article>
    </div>
  );
}
