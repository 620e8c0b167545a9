/**
 * The sign-in page's script (decision 042). The page itself is rendered by the server; this makes its form work
 * without React or MUI, so a first visit on a phone downloads a few kilobytes instead of the web app. The rules
 * are the server's (the contract's `loginRequest`): its 400 names each field's problem, shown under the field.
 */
import { encodeJson, FIELD_ERROR_SUFFIX, type OtpTicket, SIGN_IN_IDS } from '@portal/contract';
import { authApi } from './features/auth/api';
import { landingPath } from './features/auth/landing';
import { signInWithPasskey } from './features/auth/passkey-sign-in';
import { ApiError } from './shared/api/client';
import { passkeyErrorMessage, passkeysSupported } from './shared/passkeys/ceremony';
import { SIGN_IN_CODE_PATH, savePendingSignIn } from './shared/session/mfa-challenge';
import { readStoredSession, saveSession } from './shared/session/session-storage';
import { clearFlash, type Flash, readFlash, setFlash } from './shared/ui/flash-storage';

type Severity = Flash['severity'];

function element<T extends HTMLElement>(root: ParentNode, id: string): T {
  const found = root.querySelector<T>(`#${id}`);
  if (!found) throw new Error(`#${id} missing from the sign-in page`);
  return found;
}

/** Wires the server-rendered form in `root`; `go` changes page (a whole-page load: the web app takes over). */
export function startSignIn(root: ParentNode, go: (path: string) => void = (path) => window.location.assign(path)) {
  // Someone already signed in belongs on their own landing page (part 1 §2).
  const current = readStoredSession();
  if (current) {
    go(landingPath(current.user));
    return;
  }
  const form = element<HTMLFormElement>(root, SIGN_IN_IDS.form);
  const alert = element<HTMLElement>(root, SIGN_IN_IDS.alert);
  const email = element<HTMLInputElement>(root, SIGN_IN_IDS.email);
  const password = element<HTMLInputElement>(root, SIGN_IN_IDS.password);
  const submit = element<HTMLButtonElement>(root, SIGN_IN_IDS.submit);
  const botCheck = element<HTMLElement>(root, SIGN_IN_IDS.botCheck);

  function showAlert(message: string | null, severity: Severity = 'error') {
    alert.hidden = !message;
    alert.textContent = message ?? '';
    alert.className = `alert alert-${severity}`;
  }
  function showFieldError(input: HTMLInputElement, message: string | undefined) {
    const line = element<HTMLElement>(root, `${input.id}${FIELD_ERROR_SUFFIX}`);
    line.textContent = message ?? '';
    line.hidden = !message;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
  }

  const flash = readFlash();
  if (flash) {
    showAlert(flash.message, flash.severity);
    clearFlash();
  }

  const toggle = element<HTMLButtonElement>(root, SIGN_IN_IDS.showPassword);
  toggle.addEventListener('click', () => {
    const show = password.type === 'password';
    password.type = show ? 'text' : 'password';
    toggle.setAttribute('aria-label', show ? 'Hide password' : 'Show password');
    toggle.setAttribute('aria-pressed', String(show));
  });

  // The bot check of an account past its failed sign-ins (decision 029): each solution is good for one try, so a
  // new round puts up a fresh widget, which solves a new challenge. Once solved, the form goes again by itself
  // unless the last solution was refused (the member decides: no loop of refused tries).
  let voterToken: string | undefined;
  let resubmitWhenSolved = false;
  function askBotCheck() {
    void import('altcha');
    botCheck.replaceChildren();
    const widget = document.createElement('altcha-widget');
    for (const [name, value] of Object.entries({ challengeurl: '/api/altcha/challenge', auto: 'onload', hidefooter: '', hidelogo: '' })) {
      widget.setAttribute(name, value);
    }
    widget.addEventListener('statechange', (event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      voterToken = detail.state === 'verified' ? detail.payload : undefined;
      if (voterToken && resubmitWhenSolved) {
        resubmitWhenSolved = false;
        form.requestSubmit();
      }
    });
    botCheck.append(widget);
    botCheck.hidden = false;
  }

  let busy = false;

  // A passkey alone: the browser offers the passkeys it keeps for this portal; no e-mail, no password (decision 048).
  const passkey = element<HTMLButtonElement>(root, SIGN_IN_IDS.passkey);
  element<HTMLElement>(root, SIGN_IN_IDS.passkeyRow).hidden = !passkeysSupported();
  passkey.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    passkey.disabled = true;
    showAlert(null);
    try {
      const session = await signInWithPasskey();
      saveSession(session, { silent: true });
      go(landingPath(session.user));
      return;
    } catch (error) {
      showAlert(passkeyErrorMessage(error));
    }
    busy = false;
    passkey.disabled = false;
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    submit.disabled = true;
    submit.textContent = 'Signing in…';
    showAlert(null);
    showFieldError(email, undefined);
    showFieldError(password, undefined);
    const token = voterToken;
    voterToken = undefined;
    try {
      const session = await authApi.login(email.value, password.value, token);
      if ('mfaRequired' in session) {
        // A second factor is on: the web app asks for the code (decision 047).
        savePendingSignIn({ ...session, email: email.value.trim() });
        go(SIGN_IN_CODE_PATH);
        return;
      }
      saveSession(session, { silent: true });
      go(landingPath(session.user));
      return; // leaving: the button stays busy
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.body?.otp) {
        // Not verified yet: the code page says why (the web app's OTP page reads the flash).
        setFlash(error.message, 'info');
        go(`/otp/${encodeJson(error.body.otp as OtpTicket)}`);
        return;
      }
      if (error instanceof ApiError && error.status === 403 && error.errors?.voterToken) {
        resubmitWhenSolved = !token;
        showAlert(error.message, 'warning');
        askBotCheck();
      } else {
        if (error instanceof ApiError && error.status === 400 && error.errors) {
          showFieldError(email, error.errors.email?.[0]);
          showFieldError(password, error.errors.password?.[0]);
          (error.errors.email ? email : password).focus();
        } else {
          showAlert(error instanceof Error ? error.message : String(error));
        }
        // The solution just sent is used up: a fresh challenge for the next try.
        if (token) askBotCheck();
      }
    }
    busy = false;
    submit.disabled = false;
    submit.textContent = 'Login';
  });
}

if (typeof document !== 'undefined' && document.getElementById(SIGN_IN_IDS.form)) startSignIn(document);
