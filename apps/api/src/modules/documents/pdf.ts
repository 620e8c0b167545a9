import { formatDate } from '@portal/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Branding } from './branding';

export { longDate } from '../../shared/dates';

export type Pdf = PDFKit.PDFDocument;

export interface PdfOptions {
  title: string;
  subject: string;
  author: string;
  landscape?: boolean;
}

/** Space kept at the foot of every page for the document number, the verification text and the QR code. */
export const FOOTER_HEIGHT = 96;
export const MARGIN = 50;

/** A new A4 document (standard Helvetica only: nothing to embed) and a promise of its bytes once ended. */
export function startPdf(options: PdfOptions): { doc: Pdf; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    compress: true,
    info: { Title: options.title, Subject: options.subject, Author: options.author, Creator: options.author },
    lang: 'en-KE',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica');
  return { doc, bytes };
}

/** Logo, organisation name and a two-colour rule across the top of the page. Returns the y below it. */
export function letterhead(doc: Pdf, branding: Branding, options: { centered?: boolean } = {}): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.page.margins.top;
  const logoSize = 56;
  if (options.centered) {
    if (branding.logo) doc.image(branding.logo, left + (width - logoSize) / 2, top, { fit: [logoSize, logoSize], align: 'center' });
    const nameY = top + (branding.logo ? logoSize + 8 : 0);
    doc
      .font('Helvetica-Bold')
      .fontSize(20)
      .fillColor(branding.colors.primary)
      .text(branding.name.toUpperCase(), left, nameY, { width, align: 'center' });
    const ruleY = doc.y + 6;
    rule(doc, branding, left + width * 0.2, ruleY, width * 0.6);
    return ruleY + 16;
  }
  const textLeft = branding.logo ? left + logoSize + 14 : left;
  if (branding.logo) doc.image(branding.logo, left, top, { fit: [logoSize, logoSize] });
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(branding.colors.primary)
    .text(branding.name, textLeft, top + 10, { width: width - (textLeft - left) });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(branding.minor.organisation_caption, textLeft, doc.y + 2);
  const ruleY = Math.max(top + logoSize, doc.y) + 10;
  rule(doc, branding, left, ruleY, width);
  return ruleY + 20;
}

function rule(doc: Pdf, branding: Branding, x: number, y: number, width: number) {
  doc.save();
  doc.rect(x, y, width, 3).fill(branding.colors.primary);
  doc.rect(x, y + 4, width, 1.2).fill(branding.colors.secondary);
  doc.restore();
}

/**
 * The QR code as vector squares (one rectangle per run of dark modules): sharp at any zoom, nothing to decode.
 * A fixed mask pattern skips trying all eight for the lowest penalty, most of the encoder's time; any mask
 * gives a valid code and these short URLs scan well with it.
 */
export function drawQr(doc: Pdf, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: 2 });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + quiet * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.modules.get(row, col)) col++;
      // A hair of overlap so neighbouring squares leave no seams when rasterised.
      doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (col - start) * cell + 0.15, cell + 0.15);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

/**
 * On every page: the document number, where to verify it, the page number and the QR code that opens
 * the verification page. Written last, over buffered pages, with the bottom margin lifted so PDFKit does
 * not start a new page for text below it.
 */
export function footers(doc: Pdf, branding: Branding, documentNo: string, verifyUrl: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const qrSize = 72;
    const top = doc.page.height - MARGIN - qrSize + 8;
    doc.save();
    doc.rect(left, top - 10, width, 0.8).fill(branding.colors.primary);
    doc.restore();
    drawQr(doc, verifyUrl, left + width - qrSize, top, qrSize);
    const textWidth = width - qrSize - 16;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#222222')
      .text(`Document No. ${documentNo}`, left, top + 4, { width: textWidth });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#444444')
      .text('Scan the QR code or open the address below to check that this document is genuine and still valid:', left, doc.y + 3, {
        width: textWidth,
      });
    doc.fillColor(branding.colors.primary).text(verifyUrl, left, doc.y + 2, { width: textWidth, link: verifyUrl, underline: false });
    if (range.count > 1) {
      doc
        .fillColor('#777777')
        .text(`Page ${i - range.start + 1} of ${range.count}`, left, doc.y + 3, { width: textWidth, lineBreak: false });
    }
    doc.page.margins.bottom = savedBottom;
  }
}

/** Landscape frame (two rules in the organisation's colours), a centred letterhead, and a writer of centred lines below it. */
export function certificateFrame(
  doc: Pdf,
  branding: Branding,
): { line: (text: string, font: string, size: number, color: string, gap?: number) => void } {
  const { width, height } = doc.page;
  doc.save();
  doc
    .rect(18, 18, width - 36, height - 36)
    .lineWidth(4)
    .stroke(branding.colors.primary);
  doc
    .rect(26, 26, width - 52, height - 52)
    .lineWidth(1.2)
    .stroke(branding.colors.secondary);
  doc.restore();
  const left = MARGIN;
  const textWidth = width - MARGIN * 2;
  let y = letterhead(doc, branding, { centered: true }) + 10;
  return {
    line: (text, font, size, color, gap = 6) => {
      doc.font(font).fontSize(size).fillColor(color).text(text, left, y, { width: textWidth, align: 'center' });
      y = doc.y + gap;
    },
  };
}

/** The Registrar's signature line above a certificate's footer. */
export function registrarSignature(doc: Pdf, branding: Branding) {
  const left = MARGIN;
  const signY = doc.page.height - doc.page.margins.bottom - 18;
  doc.save();
  doc
    .moveTo(left + 20, signY)
    .lineTo(left + 220, signY)
    .lineWidth(0.8)
    .stroke('#444444');
  doc.restore();
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#444444')
    .text(`Registrar, ${branding.name}`, left + 20, signY + 4, { width: 300, lineBreak: false });
}

/** Dates in tables, as everywhere (decision 040): 7 Jan 2019; anything that is not an ISO date stays as it is. */
export function shortDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return formatDate(value) || value;
}

/** A label and value on one line, the label in bold. */
export function field(doc: Pdf, label: string, value: string | null | undefined, options: { x?: number; width?: number } = {}) {
  const x = options.x ?? doc.page.margins.left;
  const width = options.width ?? doc.page.width - x - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#222222').text(`${label}: `, x, doc.y, { continued: true, width });
  doc.font('Helvetica').text(value?.trim() ? value : '-');
}

/** A section heading in the primary colour. */
export function heading(doc: Pdf, branding: Branding, text: string) {
  ensureSpace(doc, 60);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(branding.colors.primary).text(text, doc.page.margins.left);
  doc.moveDown(0.3);
  doc.fillColor('#222222');
}

/** Starts a new page when less than `height` points are left above the footer. */
export function ensureSpace(doc: Pdf, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A simple table: header row in the primary colour, rows with wrapped cells, new pages as needed. */
export function table(doc: Pdf, branding: Branding, columns: { label: string; width: number }[], rows: string[][]) {
  const left = doc.page.margins.left;
  const full = doc.page.width - left - doc.page.margins.right;
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * full);
  const pad = 4;
  const drawRow = (cells: string[], header: boolean) => {
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell || '-', { width: widths[i] - pad * 2 }))) + pad * 2;
    ensureSpace(doc, height);
    const y = doc.y;
    doc.save();
    if (header) doc.rect(left, y, full, height).fill(branding.colors.primary);
    else doc.rect(left, y, full, height).lineWidth(0.4).stroke('#cccccc');
    doc.restore();
    let x = left;
    cells.forEach((cell, i) => {
      doc.fillColor(header ? '#ffffff' : '#222222').text(cell || '-', x + pad, y + pad, { width: widths[i] - pad * 2 });
      x += widths[i];
    });
    doc.x = left;
    doc.y = y + height;
  };
  drawRow(
    columns.map((c) => c.label),
    true,
  );
  if (!rows.length) {
    doc.font('Helvetica-Oblique').fontSize(9);
    const height = doc.heightOfString('None recorded', { width: full - pad * 2 }) + pad * 2;
    ensureSpace(doc, height);
    const y = doc.y;
    doc.save();
    doc.rect(left, y, full, height).lineWidth(0.4).stroke('#cccccc');
    doc.restore();
    doc.fillColor('#666666').text('None recorded', left + pad, y + pad, { width: full - pad * 2 });
    doc.x = left;
    doc.y = y + height;
    return;
  }
  for (const row of rows) drawRow(row, false);
}
