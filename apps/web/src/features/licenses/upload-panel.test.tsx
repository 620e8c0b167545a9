import { LICENSE_UPLOAD_MAX_BYTES } from '@portal/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, renderPage, unmountPages } from '../../test/render';
import { UploadPanel } from './upload-panel';

/** Stands in for the browser's XMLHttpRequest: records what is sent and answers as the server does. */
class FakeXhr {
  static sent: { url: string; body: FormData }[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.upload.onload?.();
    this.status = 200;
    this.responseText = JSON.stringify({ data: { licenseApplicationNo: 'APP000123' }, message: 'Signed application uploaded' });
    setTimeout(() => this.onload?.(), 0);
  }
}

let container: HTMLDivElement;

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
});

async function show() {
  container = await renderPage(<UploadPanel licenseApplicationNo="APP000123" />);
}

const picker = () => container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const uploadButton = () =>
  [...container.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Upload Application') as HTMLButtonElement;
const toastText = () => document.querySelector('.lt-toast')?.textContent ?? '';

async function choose(file: File) {
  const input = picker();
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

const pdf = (size: number, name = 'signed.pdf', type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });

describe('the signed upload panel (part 2 §2.4, §5)', () => {
  it('explains the step and takes PDFs only', async () => {
    await show();
    expect(container.textContent).toContain('Download the application to sign/stamp then upload the scanned pdf document');
    expect(container.textContent).toContain('Attach Signed/Stamped File');
    expect(picker().accept).toContain('application/pdf');
    expect(uploadButton().disabled).toBe(true);
  });

  it('refuses a file over 3,145,728 bytes with the danger toast and clears it', async () => {
    await show();
    await choose(pdf(LICENSE_UPLOAD_MAX_BYTES + 1));
    expect(toastText()).toContain('File too large. max allowed size is 2MB');
    expect(document.querySelector('.lt-toast .lt-alert-filled.lt-alert-error')).not.toBeNull();
    expect(container.textContent).toContain('No file chosen');
    expect(uploadButton().disabled).toBe(true);
  });

  it('takes the refusal down when a good PDF is chosen next', async () => {
    await show();
    await choose(pdf(LICENSE_UPLOAD_MAX_BYTES + 1));
    expect(toastText()).toContain('File too large. max allowed size is 2MB');
    await choose(pdf(1000, 'good.pdf'));
    expect(document.querySelector('.lt-toast')).toBeNull();
    expect(container.textContent).toContain('good.pdf');
    expect(uploadButton().disabled).toBe(false);
  });

  it('refuses a file that is not a PDF the same way', async () => {
    await show();
    await choose(pdf(10, 'scan.png', 'image/png'));
    expect(toastText()).toContain('File too large. max allowed size is 2MB');
    expect(container.textContent).not.toContain('scan.png');
    expect(uploadButton().disabled).toBe(true);
  });

  it('uploads a PDF at the limit as licenseBase64 with the application number', async () => {
    await show();
    await choose(pdf(LICENSE_UPLOAD_MAX_BYTES));
    expect(container.textContent).toContain('signed.pdf');
    expect(uploadButton().disabled).toBe(false);
    await click(uploadButton());
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0].url).toBe('/api/license/update');
    expect(FakeXhr.sent[0].body.get('licenseApplicationNo')).toBe('APP000123');
    expect((FakeXhr.sent[0].body.get('licenseBase64') as File).name).toBe('signed.pdf');
    expect(toastText()).toContain('Signed application uploaded');
  });
});
