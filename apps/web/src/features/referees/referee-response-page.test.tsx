import { type RefereeForm, refereeMessages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/client';
import { click, currentLocation, renderPage, unmountPages } from '../../test/render';
import { typeInto } from '../../test/type';
import { atWidth } from '../../test/viewport';
import { OneClickResponsePage } from './one-click-response-page';
import { RefereeResponsePage } from './referee-response-page';
import { REFEREE_THANK_YOU_ROUTE, RefereeThankYouPage } from './thank-you-page';

const form: RefereeForm = {
  referee: 'Amina Odhiambo',
  memberNo: 'ERB1003',
  applicant: 'Jane Wanjiru Mwangi',
  ConfirmationStatement: 'I confirm that I know the applicant.',
  Questions: [{ questionNo: 1, question: 'How long have you known the applicant?', answer: '' }],
  response: '',
  Remarks: '',
  expiresAt: '2099-01-01T00:00:00Z',
};

beforeEach(() => {
  atWidth(1280);
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => (path.startsWith('questions?') ? form : null));
  vi.spyOn(api, 'post').mockImplementation(async (_path: string, body?: unknown) => {
    const response = (body as { response: 'Accept' | 'Reject' }).response;
    return {
      message: response === 'Accept' ? refereeMessages.confirmed : refereeMessages.rejected,
      response,
      applicant: form.applicant,
    };
  });
});

afterEach(() => {
  unmountPages();
  vi.restoreAllMocks();
});

const routes = { [REFEREE_THANK_YOU_ROUTE]: <RefereeThankYouPage />, '/': <p>Sign-in page</p> };

describe('after a referee answers (issue 16)', () => {
  it('Accept on the form goes to the thank-you page, not the sign-in page', async () => {
    const view = await renderPage(<RefereeResponsePage />, {
      url: '/profile/response/RVJCMTAwMw==/Y29kZQ==',
      path: '/profile/response/:user?/:code?',
      routes,
    });
    await typeInto(view.querySelector('textarea'), 'Ten years, at KURA');
    await click([...view.querySelectorAll('button')].find((b) => b.textContent === 'Accept'));
    expect(currentLocation().pathname).toBe(REFEREE_THANK_YOU_ROUTE);
    const thanks = document.querySelector('[data-testid="referee-thanks"]')?.textContent;
    expect(thanks).toContain('Your acceptance of the referee request from Jane Wanjiru Mwangi has been recorded');
    // The spec's message once, in the toast, not again on the page.
    expect(document.body.textContent?.split(refereeMessages.confirmed)).toHaveLength(2);
    expect(document.body.textContent).not.toContain('Sign-in page');
  });

  it('the one-click accept link goes there too', async () => {
    await renderPage(<OneClickResponsePage />, {
      url: `/referee-response/response?user=RVJCMTAwMw==&code=Y29kZQ==&action=${btoa('accept')}`,
      path: '/referee-response/response',
      routes,
    });
    expect(currentLocation().pathname).toBe(REFEREE_THANK_YOU_ROUTE);
    expect(document.querySelector('[data-testid="referee-thanks"]')?.textContent).toContain('acceptance');
  });
});
