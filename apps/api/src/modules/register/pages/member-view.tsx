/** @jsxRuntime automatic */
import { encodeBase64, type PublicProfile, registerMessages } from '@portal/contract';
import { longDate } from '../../../shared/dates';

/** Titles then names, as the register shows them: 'Eng. Jane Wanjiru Mwangi'. */
export function memberName(p: Pick<PublicProfile, 'profileTitle' | 'FirstName' | 'SecondName' | 'LastName'>): string {
  return [p.profileTitle.map((t) => t.title).join(' '), p.FirstName, p.SecondName, p.LastName].filter(Boolean).join(' ');
}

export function currentWorkplace(p: Pick<PublicProfile, 'workexp'>): string | null {
  return p.workexp.find((w) => w.Current)?.NameOfFirm ?? null;
}

/** The member card's address: the profile id in base64, as the spec's route carries it. */
export function cardPath(profileId: string): string {
  return `/search/search-card/${encodeURIComponent(encodeBase64(profileId))}`;
}

export function MemberAvatar({ member, large }: { member: PublicProfile; large?: boolean }) {
  const size = large ? 160 : 64;
  return (
    <div className={large ? 'avatar avatar-lg' : 'avatar'} aria-hidden={member.photoUrl ? undefined : true}>
      {member.photoUrl ? (
        <img src={member.photoUrl} alt={memberName(member)} width={size} height={size} loading="lazy" />
      ) : (
        member.FirstName.slice(0, 1)
      )}
    </div>
  );
}

/** A sanction in words: 'Suspension from 1 Dec 2026 to 30 Dec 2026, decided 28 Nov 2026'. */
export function sanctionText(s: PublicProfile['sanctions'][number]): string {
  const period =
    s.outcome === 'suspension'
      ? ` from ${longDate(s.from)} to ${longDate(s.to)}`
      : s.outcome === 'removal' && s.from
        ? ` from ${longDate(s.from)}`
        : '';
  return `${s.label}${period}, decided ${longDate(s.decidedOn)}`;
}

/** The disciplinary sanctions the register shows (the register_sanctions setting; issue 30). */
export function MemberSanctions({ member }: { member: PublicProfile }) {
  if (!member.sanctions.length) return null;
  return (
    <ul className="alert alert-warning sanctions" aria-label="Disciplinary sanctions">
      {member.sanctions.map((s) => (
        <li key={`${s.outcome}-${s.decidedOn}-${s.from ?? ''}`}>{sanctionText(s)}</li>
      ))}
    </ul>
  );
}

/**
 * Status (Active green, anything else orange), good standing or In arrears (part 1 §4), and the practising licence
 * when the member holds one; `showUnlicensed` (the member's card) also says when they do not (decision 032).
 */
export function MemberChips({ member, showUnlicensed }: { member: PublicProfile; showUnlicensed?: boolean }) {
  return (
    <div className="chips">
      <span className={`chip ${member.Status === 'Active' ? 'chip-good' : 'chip-pending'}`}>{member.Status}</span>
      {/* Standing is a listed member's: a suspended or removed one is not "in arrears" for it (issue 30). */}
      {member.Status === 'Active' && (
        <span className={`chip ${member.goodStanding ? 'chip-out-good' : 'chip-out-pending'}`}>
          {member.goodStanding ? registerMessages.goodStanding : registerMessages.inArrears}
        </span>
      )}
      {member.licensed && member.licenseValidTo ? (
        <span className="chip chip-info">{registerMessages.licensed(longDate(member.licenseValidTo))}</span>
      ) : (
        showUnlicensed && <span className="chip chip-plain">{registerMessages.notLicensed}</span>
      )}
    </div>
  );
}
