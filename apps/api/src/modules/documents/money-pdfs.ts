import { formatKesCents, formatPhone } from '@portal/contract';
import type { Branding } from './branding';
import { fullName, withArticle } from './facts';
import type { AppliedLine, InvoiceFacts, MemberFacts, ReceiptFacts, SubscriptionFacts } from './money-facts';
import { certificateFrame, field, heading, letterhead, longDate, type Pdf, registrarSignature, shortDate, table } from './pdf';

/** KES 5,800.00 (amounts are integer cents): the portal's one money format, in every cell and line (decision 040). */
export function kes(cents: number): string {
  return formatKesCents(cents);
}

/** The payment methods as people read them. */
const METHOD_NAMES: Record<string, string> = {
  MPESA: 'M-Pesa',
  CARD: 'Card',
  CREDIT: 'Credit',
  BANK: 'Bank transfer',
  CHEQUE: 'Cheque',
};

export function methodName(code: string | null | undefined): string {
  if (!code) return 'Payment';
  return METHOD_NAMES[code] ?? code;
}

/** The method named at the start of a payment's description (`M-Pesa payment QK…`, or the older `MPESA payment QK…`). */
export function paymentMethodOf(description: string): string | null {
  const first = description.split(/\s+/)[0]?.toUpperCase().replace('-', '');
  return first && first in METHOD_NAMES ? first : null;
}

/** A receipt's method: the payment attempt's provider, else what the description names. */
export function methodOf(receipt: Pick<ReceiptFacts, 'payment' | 'entry'>): string | null {
  return receipt.payment?.provider ?? paymentMethodOf(receipt.entry.description);
}

/** Big title on the left, the document's number and dates on the right (labels right-aligned, values after). */
function documentHeader(doc: Pdf, branding: Branding, title: string, facts: [label: string, value: string][]) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = letterhead(doc, branding);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(branding.colors.primary)
    .text(title.toUpperCase(), left, top, { width: width * 0.45 });
  const titleBottom = doc.y;
  const labelX = left + width * 0.45;
  const labelWidth = width * 0.22;
  const valueX = labelX + labelWidth + 8;
  const valueWidth = left + width - valueX;
  let y = top + 2;
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#222222').text(`${label}:`, labelX, y, { width: labelWidth, align: 'right' });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(value || '-', valueX, y, { width: valueWidth });
    y = Math.max(labelBottom, doc.y) + 2;
  }
  doc.x = left;
  doc.y = Math.max(titleBottom, y) + 14;
}

/** "Billed to" / "Received from": the member's name, number and contacts (the document goes to the member only). */
function party(doc: Pdf, branding: Branding, label: string, facts: { profile: InvoiceFacts['profile']; entry: InvoiceFacts['entry'] }) {
  const p = facts.profile;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(branding.colors.primary).text(label.toUpperCase());
  doc.moveDown(0.2);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#222222')
    .text(fullName(p) || facts.entry.profileId);
  doc.font('Helvetica').fontSize(10);
  if (p?.memberNo) doc.text(`Member No. ${p.memberNo}`);
  doc.text(`Profile ${facts.entry.profileId}`);
  if (p?.email) doc.text(p.email);
  if (p?.phoneNo) doc.text(formatPhone(p.phoneNo));
  doc.moveDown(1);
}

/** A total line, right-aligned, bold when it is the one that matters. */
function totalLine(doc: Pdf, label: string, value: string, strong = false) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const y = doc.y;
  doc
    .font(strong ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(strong ? 12 : 10)
    .fillColor('#222222');
  doc.text(label, left + width * 0.45, y, { width: width * 0.3, align: 'right' });
  doc.text(value, left + width * 0.75, y, { width: width * 0.25, align: 'right' });
  doc.x = left;
  doc.moveDown(0.3);
}

/** The allocations of an invoice or a receipt: the other side's number (under `numberLabel`), type, date, description and amount. */
function appliedTable(doc: Pdf, branding: Branding, numberLabel: string, lines: AppliedLine[]) {
  table(
    doc,
    branding,
    [
      { label: numberLabel, width: 1.3 },
      { label: 'Type', width: 1 },
      { label: 'Date', width: 1 },
      { label: 'Description', width: 2.6 },
      { label: 'Amount', width: 1.2 },
    ],
    lines.map((l) => [l.documentNo, l.documentType, shortDate(l.date), l.description, kes(l.amountCents)]),
  );
}

/** The invoice (part 2 §2.5 'proforma invoice'): what is billed, what has been paid against it, what is left. */
export function drawInvoice(doc: Pdf, branding: Branding, facts: InvoiceFacts) {
  const { entry } = facts;
  documentHeader(doc, branding, 'Invoice', [
    ['Invoice No.', entry.documentNo],
    ['Date', longDate(entry.documentDate)],
    ['Due date', longDate(entry.dueDate)],
    ['Reference', entry.externalDocumentNo ?? ''],
  ]);
  party(doc, branding, 'Billed to', facts);
  const period = facts.subscription ? `Subscription period ${facts.subscription.period}` : '';
  table(
    doc,
    branding,
    [
      { label: 'Description', width: 4 },
      { label: 'Reference', width: 1.6 },
      { label: 'Amount', width: 1.4 },
    ],
    [[[entry.description, period].filter(Boolean).join(' - '), entry.externalDocumentNo ?? '', kes(entry.amountCents)]],
  );
  doc.moveDown(0.8);
  const settled = entry.amountCents - entry.remainingCents;
  totalLine(doc, 'Total', kes(entry.amountCents));
  totalLine(doc, 'Paid and credited', kes(settled));
  totalLine(doc, 'Balance due', kes(entry.remainingCents), true);
  doc.moveDown(0.6);
  const status = entry.remainingCents === 0 ? 'PAID IN FULL' : settled > 0 ? 'PARTLY PAID' : 'UNPAID';
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(entry.remainingCents === 0 ? '#2e7d32' : branding.colors.primary)
    .text(`Status: ${status}`);
  doc.fillColor('#222222');
  if (facts.settledBy.length) {
    heading(doc, branding, 'Payments and credits applied');
    appliedTable(doc, branding, 'Document No.', facts.settledBy);
  }
  if (entry.remainingCents > 0) {
    doc.moveDown(1);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#444444')
      .text(
        `Pay online in the member portal (Pay Now: M-Pesa, card or credit), quoting invoice ${entry.documentNo}. Payments are applied to this invoice first, then to any other open invoice, oldest first.`,
        doc.page.margins.left,
        doc.y,
        { width: doc.page.width - doc.page.margins.left - doc.page.margins.right },
      );
  }
}

/** The receipt: what was received, how, and which invoices it settled. */
export function drawReceipt(doc: Pdf, branding: Branding, facts: ReceiptFacts) {
  const { entry } = facts;
  const received = -entry.amountCents;
  const method = methodOf(facts);
  documentHeader(doc, branding, 'Receipt', [
    ['Receipt No.', entry.documentNo],
    ['Date', longDate(entry.documentDate)],
    ['Payment method', methodName(method)],
    ['Reference', facts.payment?.providerReference ?? entry.externalDocumentNo ?? ''],
  ]);
  party(doc, branding, 'Received from', facts);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#222222')
    .text(`Received with thanks the sum of ${kes(received)} (${entry.description}).`, doc.page.margins.left, doc.y, {
      width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
    });
  if (facts.payment?.phone) field(doc, 'Paid from', formatPhone(facts.payment.phone));
  heading(doc, branding, 'Applied to');
  appliedTable(doc, branding, 'Invoice No.', facts.applied);
  doc.moveDown(0.8);
  totalLine(doc, 'Amount received', kes(received), true);
  const applied = facts.applied.reduce((sum, l) => sum + l.amountCents, 0);
  totalLine(doc, 'Applied to invoices', kes(applied));
  totalLine(doc, 'Unapplied credit', kes(-entry.remainingCents));
}

/** The subscription certificate (part 2 §2.3): the member paid the year's subscription. */
export function drawSubscriptionCertificate(doc: Pdf, branding: Branding, facts: SubscriptionFacts, title: string) {
  const { line } = certificateFrame(doc, branding);
  const s = facts.subscription;
  line(title.toUpperCase(), 'Helvetica-Bold', 24, '#222222', 18);
  line('This is to certify that', 'Helvetica-Oblique', 12, '#444444', 10);
  line(fullName(facts.profile).toUpperCase() || '-', 'Helvetica-Bold', 26, branding.colors.primary, 10);
  line(`Member No. ${s.memberNo}, registered as ${withArticle(facts.categoryDescription)},`, 'Helvetica', 14, '#222222', 6);
  line(`has paid the annual subscription to ${branding.name} for the year ${s.period}`, 'Helvetica', 14, '#222222', 6);
  line(`(1 Jan ${s.period} to 31 Dec ${s.period}).`, 'Helvetica', 12, '#444444', 12);
  if (facts.invoice)
    line(`Invoice ${facts.invoice.documentNo}: ${kes(facts.invoice.amountCents)}, paid in full.`, 'Helvetica', 10, '#444444', 4);
  registrarSignature(doc, branding);
}

/** The certificate of good standing (part 1 §2): in good standing as at the issue date, until the year's end. */
export function drawGoodStandingCertificate(
  doc: Pdf,
  branding: Branding,
  facts: MemberFacts,
  options: { title: string; memberNo: string; asAt: string; validUntil: string },
) {
  const { line } = certificateFrame(doc, branding);
  line(options.title.toUpperCase(), 'Helvetica-Bold', 24, '#222222', 18);
  line('This is to certify that', 'Helvetica-Oblique', 12, '#444444', 10);
  line(fullName(facts.profile).toUpperCase() || '-', 'Helvetica-Bold', 26, branding.colors.primary, 10);
  line(`Member No. ${options.memberNo}, registered as ${withArticle(facts.categoryDescription)},`, 'Helvetica', 14, '#222222', 6);
  line(`is a member in good standing of ${branding.name} as at ${longDate(options.asAt)}.`, 'Helvetica', 14, '#222222', 10);
  line(
    `Valid until ${longDate(options.validUntil)}, and only while the member remains in good standing: check it at the address below.`,
    'Helvetica',
    10,
    '#444444',
    4,
  );
  registrarSignature(doc, branding);
}
