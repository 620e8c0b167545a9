/** @jsxRuntime automatic */
import { FIELD_ERROR_SUFFIX, SIGN_IN_IDS } from '@portal/contract';

const memberSteps = [
  'Click Activate Account and enter your membership number.',
  'Confirm your ID/Passport number; we send a code to the email and phone on record.',
  'Enter the code and choose your password.',
  'Sign in with your email and password.',
];
const applicantSteps = [
  'Click Register As Member and choose your membership category.',
  'Read the requirements, accept the terms and create your account.',
  'Verify your phone with the OTP we send (or the link in your email).',
  'Complete your profile, submit your application and pay the application fee.',
];

function Steps({ title, steps }: { title: string; steps: string[] }) {
  return (
    <div className="steps">
      <h3>{title}</h3>
      <ol>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

function Field({
  id,
  label,
  type,
  autoComplete,
  toggle,
}: {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  toggle?: boolean;
}) {
  const errorId = `${id}${FIELD_ERROR_SUFFIX}`;
  const input = <input id={id} name={id.replace('sign-in-', '')} type={type} autoComplete={autoComplete} aria-describedby={errorId} />;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {toggle ? (
        <div className="with-toggle">
          {input}
          <button type="button" className="toggle" id={SIGN_IN_IDS.showPassword} aria-label="Show password" aria-pressed="false">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3" />
            </svg>
          </button>
        </div>
      ) : (
        input
      )}
      <p className="field-error" id={errorId} hidden />
    </div>
  );
}

/**
 * `/`: the sign-in form and how to get started (part 1 §2). Its script (the web app's `sign-in.ts`) sends the form,
 * shows the server's messages, the bot check when asked, and hands over to the web app once signed in.
 */
/** Said when the form was sent before its script ran (a slow phone): the browser posted it, the server sent it back. */
export const NOT_SENT_NOTICE = 'Your sign-in was not sent: the page was still loading. Enter your email and password again.';

export function SignInView({ caption, registration, notSent }: { caption: string; registration: boolean; notSent?: boolean }) {
  return (
    <div className="two">
      <div className="card pad first-wide-right">
        <form id={SIGN_IN_IDS.form} noValidate className="form-stack" action="/" method="post">
          <div>
            <h1>{caption}</h1>
            <p className="muted" style={{ margin: '4px 0 0' }}>
              Sign in with your email and password.
            </p>
          </div>
          <noscript>
            <p className="alert alert-warning">Signing in needs JavaScript: turn it on in your browser, then reload this page.</p>
          </noscript>
          {notSent && (
            <p className="alert alert-warning" role="status">
              {NOT_SENT_NOTICE}
            </p>
          )}
          <p id={SIGN_IN_IDS.alert} className="alert" role="alert" hidden />
          <Field id={SIGN_IN_IDS.email} label="Email" type="email" autoComplete="email" />
          <Field id={SIGN_IN_IDS.password} label="Password" type="password" autoComplete="current-password" toggle />
          <div id={SIGN_IN_IDS.botCheck} hidden />
          <p className="right" style={{ marginBottom: 0 }}>
            <a href="/forgot-password">Forgot password?</a>
          </p>
          <button type="submit" id={SIGN_IN_IDS.submit} className="btn btn-contained btn-lg">
            Login
          </button>
          {/* Hidden until the script finds a browser that can use passkeys. */}
          <div id={SIGN_IN_IDS.passkeyRow} hidden>
            <button type="button" id={SIGN_IN_IDS.passkey} className="btn btn-outlined btn-lg" aria-describedby="passkey-hint">
              Sign in with a passkey
            </button>
            <span id="passkey-hint" className="caption">
              Your fingerprint, face or screen lock, once you have added a passkey
            </span>
          </div>
          <p className="divider">or</p>
          {/* What each button is for is written under it: a hover tooltip never shows on a phone. */}
          <div>
            <a className="btn btn-outlined btn-secondary btn-lg" href="/activate" aria-describedby="activate-hint">
              Activate Account
            </a>
            <span id="activate-hint" className="caption">
              For members who have not accessed the portal before
            </span>
          </div>
          {registration && (
            <div>
              <a className="btn btn-outlined btn-lg" href="/categories" aria-describedby="register-hint">
                Register As Member
              </a>
              <span id="register-hint" className="caption">
                For new members' applications
              </span>
            </div>
          )}
        </form>
      </div>
      <div className="card pad">
        <h2>How to get started</h2>
        <Steps title="Registered members using the portal for the first time" steps={memberSteps} />
        <Steps title="New applicants" steps={applicantSteps} />
        <p>
          Concerned about an engineer's work or conduct? <a href="/complaints/new">Report a concern</a> (no account needed).
        </p>
      </div>
    </div>
  );
}
