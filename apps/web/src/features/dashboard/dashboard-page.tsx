import { formatKes } from '@portal/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LiteLinkButton } from '../../shared/lite/button';
import { LiteAlert, LiteAvatar, LiteCard, LiteCardContent, LiteCardHeader, LiteChip } from '../../shared/lite/surfaces';
import { cpdTileText, useCpdThisYear } from '../../shared/member/cpd';
import { memberAlertCount, useBalance, useBillingAlerts } from '../../shared/member/money';
import { needsAction, useMyApplications, useMyProfile } from '../../shared/member/queries';
import { useSettings } from '../../shared/settings/use-settings';
import { useFlash } from '../../shared/ui/flash';
import { LoadingSpinner } from '../../shared/ui/loading';
import { STATUS_COLORS } from '../../shared/ui/status-colors';
import { MyApplications } from './my-applications';
import { PendingPayments } from './pending-payments';
import { standingOf } from './status';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <div>
        <span className="lt-caption lt-muted">{label}</span>
      </div>
      <div className="lt-field-value">{value || '—'}</div>
    </div>
  );
}

function Tile({ label, value, color, to, testId }: { label: string; value: string; color?: string; to?: string; testId: string }) {
  const body = (
    <>
      <p className="lt-body2 lt-muted">{label}</p>
      <p className="lt-h5 lt-tile-value" style={color ? { color } : undefined} data-testid={testId}>
        {value}
      </p>
    </>
  );
  return (
    <LiteCard className="lt-tile">
      {to ? (
        <Link to={to} className="lt-card-content">
          {body}
        </Link>
      ) : (
        <div className="lt-card-content">{body}</div>
      )}
    </LiteCard>
  );
}

/** The tiles of part 1 §2: Arrears amount, Status (In Good Standing / In arrears), CPD points earned this year and Notifications. */
function Tiles({ hasMembership }: { hasMembership: boolean }) {
  const balance = useBalance();
  const applications = useMyApplications();
  const alerts = useBillingAlerts();
  const cpd = useCpdThisYear(hasMembership);
  // Four tiles with a membership (CPD counts only for members), three without.
  const standing = standingOf(balance.data, hasMembership);
  const notifications = memberAlertCount((applications.data ?? []).filter(needsAction).length, alerts.count);
  const loading = balance.isLoading ? '…' : '—';
  return (
    <>
      {balance.error && <LiteAlert severity="error">{balance.error.message}</LiteAlert>}
      <div className={hasMembership ? 'lt-tiles lt-tiles-4' : 'lt-tiles lt-tiles-3'}>
        <Tile
          label="Arrears"
          testId="tile-arrears"
          to="/billing"
          value={balance.data ? formatKes(balance.data.arrearsLCY) : loading}
          color={balance.data && balance.data.arrearsLCY > 0 ? STATUS_COLORS.bad : undefined}
        />
        <Tile
          label="Status"
          testId="tile-status"
          value={standing?.label ?? loading}
          color={standing?.tone === 'success' ? STATUS_COLORS.good : standing?.tone === 'error' ? STATUS_COLORS.bad : undefined}
        />
        {hasMembership && (
          <Tile
            // Part 1 §2's 'CPD points earned', this year's against the category's requirement (part 2 §2.1).
            label="CPD points earned this year"
            testId="tile-cpd"
            to="/cpd"
            value={cpd.data ? cpdTileText(cpd.data) : cpd.isLoading ? '…' : '—'}
            color={cpd.data?.met ? STATUS_COLORS.good : undefined}
          />
        )}
        <Tile
          label="Notifications"
          testId="tile-notifications"
          to={alerts.count > 0 ? '/subscription' : '/application'}
          value={String(notifications)}
        />
      </div>
    </>
  );
}

/** False until the browser has drawn the page and has a moment to spare (at most a second later). */
function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}

export function DashboardPage() {
  const profile = useMyProfile();
  const applications = useMyApplications();
  const { minor } = useSettings();
  const flash = useFlash();
  const later = useWhenIdle();
  if (profile.isLoading) return <LoadingSpinner />;
  const p = profile.data;
  const membership = p?.memberInformation[0];
  const first = applications.data?.[applications.data.length - 1];
  const showConfirmBanner = p && !p.confirmed && first?.status === 'Released';
  const current = p?.workexp.find((w) => w.Current);
  const names = p ? [p.profileTitle.map((t) => t.title).join(' '), p.FirstName, p.SecondName, p.LastName].filter(Boolean).join(' ') : '';

  return (
    <div className="lt-stack">
      {flash && <LiteAlert severity={flash.severity}>{flash.message}</LiteAlert>}
      {showConfirmBanner && (
        <LiteAlert
          severity="warning"
          action={
            <LiteLinkButton to="/profile/profileConfirm" color="inherit" size="small">
              Confirm
            </LiteLinkButton>
          }
        >
          Please confirm that your name is correct as it will appear on your certificate.
        </LiteAlert>
      )}
      {profile.error && <LiteAlert severity="error">{profile.error.message}</LiteAlert>}
      {p && <Tiles hasMembership={Boolean(membership)} />}
      <LiteCard>
        <LiteCardHeader title="General Information" />
        <LiteCardContent>
          <div className="lt-general">
            <LiteAvatar src={p?.picture} alt={names} size={96}>
              {p?.FirstName?.slice(0, 1)}
            </LiteAvatar>
            <div className="lt-general-details">
              <p className="lt-h5 lt-general-name">{names}</p>
              <div className="lt-fields">
                <Field label="Registration No" value={p?.MemberNo} />
                <Field label="Category" value={p?.CategoryDescription} />
                <Field label="Discipline" value={p?.DisciplineDescription ?? p?.Discipline} />
                {minor.showWorkPlace && (
                  <Field label="Current workplace" value={current ? `${current.PositionHeld}, ${current.NameOfFirm}` : null} />
                )}
              </div>
              {membership && (
                <div className="lt-general-chip">
                  <LiteChip label={`Membership ${membership.Status}`} color={membership.Status === 'Active' ? 'success' : 'warning'} />
                </div>
              )}
            </div>
          </div>
        </LiteCardContent>
      </LiteCard>
      {/* Below the fold on a phone: drawn once the page above has been (and its queries asked) when the main thread
          is free, then laid out and painted when scrolled near (lite.css's lt-below-fold). */}
      <div className="lt-below-fold">{later ? <MyApplications /> : <LoadingSpinner label="Loading applications" />}</div>
      {p && <div className="lt-below-fold">{later ? <PendingPayments /> : <LoadingSpinner label="Loading pending payments" />}</div>}
    </div>
  );
}
