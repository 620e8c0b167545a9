/// <reference path="./mjml.d.ts" />
import { textOn } from '@portal/contract';
import type { Organisation } from '../../shared/pages/frame';

/** Where the recipient's own unsubscribe address goes in the compiled layout (not a merge field a writer may use). */
export const UNSUBSCRIBE_SLOT = '%%UNSUBSCRIBE_URL%%';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The writer's plain text as paragraphs (blank lines) and line breaks, escaped; merge fields stay as written. */
function paragraphs(body: string): string {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<mj-text padding="0 0 16px" font-size="16px" line-height="24px">${escapeHtml(p).replace(/\n/g, '<br />')}</mj-text>`)
    .join('\n');
}

/**
 * A campaign e-mail's HTML (issue 29): MJML's responsive layout in the organisation's colours (a bar in the primary
 * colour with the logo and name, the message on white, the footer with the unsubscribe link), compiled once per
 * campaign; merge fields and the unsubscribe address are filled in per recipient, escaped.
 */
export async function compileCampaignHtml(organisation: Organisation, publicUrl: string, subject: string, body: string): Promise<string> {
  const { default: mjml2html } = await import('mjml');
  const onPrimary = textOn(organisation.primary);
  const logo = organisation.logoUrl
    ? `<mj-image src="${escapeHtml(publicUrl + organisation.logoUrl)}" alt="" width="48px" height="48px" padding="0 0 8px" align="left" />`
    : '';
  const source = `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-attributes><mj-all font-family="Roboto, 'Segoe UI', 'Helvetica Neue', Arial, sans-serif" color="#212121" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f5f5f5" width="600px">
    <mj-section background-color="${organisation.primary}" padding="16px 24px">
      <mj-column>${logo}<mj-text color="${onPrimary}" font-size="20px" font-weight="700" padding="0">${escapeHtml(organisation.name)}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>${paragraphs(body)}</mj-column>
    </mj-section>
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="18px" color="#616161" padding="0">You receive this as a member of ${escapeHtml(organisation.name)}.
          <a href="${UNSUBSCRIBE_SLOT}" style="color:#616161">Unsubscribe</a> from news and campaigns.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const result = await mjml2html(source, { validationLevel: 'soft' });
  return result.html;
}

export { escapeHtml };
