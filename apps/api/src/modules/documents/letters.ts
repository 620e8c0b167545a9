import type { Branding } from './branding';
import { type ApplicationFacts, fullName, memberNoOf, withArticle } from './facts';
import { certificateFrame, letterhead, longDate, type Pdf, registrarSignature } from './pdf';

/** The certificate: landscape, framed in the organisation's colours, the holder's name large. */
export function drawCertificate(doc: Pdf, branding: Branding, facts: ApplicationFacts, discipline: string | null) {
  const { line } = certificateFrame(doc, branding);
  line('CERTIFICATE OF MEMBERSHIP', 'Helvetica-Bold', 24, '#222222', 18);
  line('This is to certify that', 'Helvetica-Oblique', 12, '#444444', 10);
  line(fullName(facts.profile).toUpperCase() || '-', 'Helvetica-Bold', 26, branding.colors.primary, 10);
  line(`is registered as ${withArticle(facts.categoryDescription)}`, 'Helvetica', 14, '#222222', 6);
  if (discipline) line(`Discipline: ${discipline}`, 'Helvetica', 11, '#444444', 12);
  // An upgrade's certificate dates from the upgrade, not from the first registration.
  const registered =
    facts.application.kind === 'Upgrade'
      ? facts.application.decidedAt
      : (facts.membership?.registrationDate ?? facts.application.decidedAt);
  line(`Member No. ${memberNoOf(facts) ?? '-'}    Registered on ${longDate(registered) || '-'}`, 'Helvetica-Bold', 12, '#222222', 4);

  registrarSignature(doc, branding);
}

function letterOpening(doc: Pdf, branding: Branding, facts: ApplicationFacts, caption: string) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const y = letterhead(doc, branding);
  const decided = facts.application.decidedAt ?? facts.application.updatedAt;
  doc.font('Helvetica').fontSize(10).fillColor('#222222').text(longDate(decided), left, y, { width, align: 'right' });
  doc.text(`Our Ref: ${facts.application.code}`, left, y, { width });
  doc.moveDown(1.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(fullName(facts.profile) || '-');
  doc.moveDown(1.2);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(`Dear ${fullName(facts.profile) || 'Applicant'},`);
  doc.moveDown(0.8);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(branding.colors.primary)
    .text(
      `RE: ${caption.toUpperCase()} - APPLICATION ${facts.application.code} ${facts.application.kind === 'Upgrade' ? 'TO UPGRADE TO' : 'FOR REGISTRATION AS'} ${facts.categoryDescription.toUpperCase()}`,
      {
        width,
      },
    );
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(11).fillColor('#222222');
}

function paragraph(doc: Pdf, text: string) {
  doc.font('Helvetica').fontSize(11).fillColor('#222222').text(text, { align: 'justify', lineGap: 2 });
  doc.moveDown(0.8);
}

function signOff(doc: Pdf, branding: Branding) {
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(11).fillColor('#222222').text('Yours faithfully,');
  doc.moveDown(2.5);
  doc.font('Helvetica-Bold').text('Registrar');
  doc.font('Helvetica').text(branding.name);
}

export function drawAcceptanceLetter(doc: Pdf, branding: Branding, facts: ApplicationFacts) {
  const caption = branding.minor.acceptance_letter_caption || 'Acceptance Letter';
  letterOpening(doc, branding, facts, caption);
  const memberNo = memberNoOf(facts) ?? '-';
  if (facts.application.kind === 'Upgrade') {
    drawUpgradeAcceptance(doc, branding, facts, memberNo);
    return;
  }
  const registered = longDate(facts.membership?.registrationDate ?? facts.application.decidedAt);
  paragraph(
    doc,
    `We are pleased to inform you that your application ${facts.application.code} for registration as ${withArticle(facts.categoryDescription)} has been approved by ${branding.name}.`,
  );
  paragraph(
    doc,
    `You have been registered with effect from ${registered || 'the date of this letter'} under membership number ${memberNo}. Please quote this number in all correspondence with us.`,
  );
  paragraph(
    doc,
    'Your membership certificate is available in the member portal under Applications. Your annual subscription falls due as shown in the portal; keeping it paid keeps you in good standing.',
  );
  paragraph(doc, 'Congratulations, and welcome.');
  signOff(doc, branding);
}

function drawUpgradeAcceptance(doc: Pdf, branding: Branding, facts: ApplicationFacts, memberNo: string) {
  paragraph(
    doc,
    `We are pleased to inform you that your application ${facts.application.code} to upgrade to ${withArticle(facts.categoryDescription)} has been approved by ${branding.name}.`,
  );
  paragraph(
    doc,
    `You are registered as ${withArticle(facts.categoryDescription)} with effect from ${longDate(facts.application.decidedAt) || 'the date of this letter'}, under your membership number ${memberNo}. Your earlier membership certificate is superseded by the new certificate, available in the member portal under Upgrades.`,
  );
  paragraph(doc, 'The subscription of your new category is billed from the next billing period.');
  paragraph(doc, 'Congratulations.');
  signOff(doc, branding);
}

export function drawRejectionLetter(doc: Pdf, branding: Branding, facts: ApplicationFacts, reasons: string[]) {
  letterOpening(doc, branding, facts, 'Rejection Letter');
  paragraph(
    doc,
    `Thank you for your application ${facts.application.code} for registration as ${withArticle(facts.categoryDescription)}. We regret to inform you that, after review, ${branding.name} was unable to approve it.`,
  );
  if (reasons.length) {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(reasons.length === 1 ? 'Reason:' : 'Reasons:');
    doc.moveDown(0.3);
    doc
      .font('Helvetica')
      .fontSize(11)
      .list(reasons.map((r) => r.trim()).filter(Boolean), { bulletRadius: 2, textIndent: 14, lineGap: 2 });
    doc.moveDown(0.8);
  }
  doc.x = doc.page.margins.left;
  paragraph(
    doc,
    'You may apply again once the matters above have been addressed. For any clarification, please contact the secretariat quoting the reference above.',
  );
  signOff(doc, branding);
}
