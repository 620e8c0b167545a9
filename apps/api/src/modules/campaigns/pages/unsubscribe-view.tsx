/** @jsxRuntime automatic */

/** /unsubscribe/{token}: what the link in a campaign e-mail opens. Asking first: mail scanners open links too. */
export function UnsubscribeView({
  state,
  organisation,
  action,
  channel,
}: {
  state: 'ask' | 'done' | 'invalid';
  organisation: string;
  action: string;
  channel: 'email' | 'sms';
}) {
  const what = channel === 'email' ? 'e-mails' : 'text messages';
  return (
    <div className="narrow">
      <p className="overline">Messages from {organisation}</p>
      <article className="card">
        {state === 'ask' && (
          <>
            <h1 className="h5">Unsubscribe from news and campaigns?</h1>
            <p>
              You will no longer receive {organisation}'s news and campaign {what}. Messages about your own account (codes, receipts,
              reminders of what is due) still come.
            </p>
            <form method="post" action={action}>
              <button type="submit" className="btn btn-contained">
                Unsubscribe
              </button>
            </form>
          </>
        )}
        {state === 'done' && (
          <>
            <h1 className="h5">You are unsubscribed</h1>
            <p className="alert alert-success">
              You will no longer receive {organisation}'s news and campaign {what}.
            </p>
            <p className="muted">Changed your mind? Sign in and turn updates back on under Account settings, Notifications.</p>
          </>
        )}
        {state === 'invalid' && (
          <>
            <h1 className="h5">This link does not work</h1>
            <p className="alert alert-error">
              This unsubscribe link is not valid. Copy the whole link from the message, or sign in to change your notifications.
            </p>
          </>
        )}
      </article>
    </div>
  );
}
