import { documentMessages } from '@portal/contract';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { base64ToBytes, isInvalidDocument, PdfViewer, type PdfViewerProps } from './pdf-viewer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

function show(props: Partial<PdfViewerProps>) {
  container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => root.render(<PdfViewer data={undefined} fileName="CERTIFICATE-APP000001.pdf" {...props} />));
  const el = container;
  return {
    text: () => el.textContent ?? '',
    button: (label: string) => [...el.querySelectorAll('button')].find((b) => b.textContent?.includes(label)) ?? null,
    unmount: () => act(() => root.unmount()),
  };
}

describe('isInvalidDocument (part 1 §8)', () => {
  it('treats empty documents and any mention of Invalid as invalid', () => {
    expect(isInvalidDocument('')).toBe(true);
    expect(isInvalidDocument('   ')).toBe(true);
    expect(isInvalidDocument(null)).toBe(true);
    expect(isInvalidDocument(undefined)).toBe(true);
    expect(isInvalidDocument('Invalid receipt')).toBe(true);
    expect(isInvalidDocument('JVBERi0xLjcK')).toBe(false);
  });

  it('decodes base64 to the PDF bytes', () => {
    expect(new TextDecoder().decode(base64ToBytes('JVBERi0xLjcK'))).toBe('%PDF-1.7\n');
  });
});

describe('PdfViewer', () => {
  it("shows 'Invalid receipt No.' for an empty document, with Download disabled", () => {
    const view = show({ data: '' });
    expect(view.text()).toContain(documentMessages.invalidDocument);
    expect(view.button('Download')?.disabled).toBe(true);
    view.unmount();
  });

  it('shows progress while the document is fetched, and the server message when that fails', () => {
    const loading = show({ loading: true });
    expect(container?.querySelector('[role=progressbar]')).not.toBeNull();
    expect(loading.text()).not.toContain(documentMessages.invalidDocument);
    loading.unmount();
    container?.remove();

    const failed = show({ error: 'The certificate is available once the application has been accepted' });
    expect(failed.text()).toContain('The certificate is available once the application has been accepted');
    expect(failed.text()).not.toContain(documentMessages.invalidDocument);
    failed.unmount();
  });

  it('offers Back only when asked', () => {
    const without = show({ data: '' });
    expect(without.button('Back')).toBeNull();
    without.unmount();
    container?.remove();
    let backed = false;
    const withBack = show({ data: '', onBack: () => (backed = true) });
    act(() => withBack.button('Back')?.click());
    expect(backed).toBe(true);
    withBack.unmount();
  });
});
