// pdf.js's Node build, used by tests to read the text a generated PDF really contains.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF (bytes or base64), pages separated by a blank line, items by spaces. */
export async function pdfText(input: Buffer | Uint8Array | string): Promise<string> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'base64') : input;
  // pdf.js takes ownership of (and detaches) the array it is given: hand it a copy.
  const data = new Uint8Array(bytes);
  const pdf = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
          .join('')
          .replace(/[ \t]+/g, ' '),
      );
    }
    return pages.join('\n\n');
  } finally {
    await pdf.destroy();
  }
}

/** How many pages a PDF has. */
export async function pdfPageCount(input: Buffer | Uint8Array | string): Promise<number> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'base64') : input;
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}
