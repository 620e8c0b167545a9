import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { uploadWithProgress } from './upload';

/** The browser's XMLHttpRequest as far as the upload uses it: the last one made answers `status` with `responseText`. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, responseText: string) {
    this.status = status;
    this.responseText = responseText;
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ id: 7 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const form = () => {
  const body = new FormData();
  body.set('file', new File(['x'], 'members.csv'));
  return body;
};

describe('uploadWithProgress', () => {
  it('posts the form under /api with the session, reports the progress and resolves with the data and message', async () => {
    const progress: (number | null)[] = [];
    const body = form();
    const sent = uploadWithProgress<{ rows: number }>('admin/members/import', body, (p) => progress.push(p));
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/admin/members/import');
    expect(xhr.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer t' });
    expect(xhr.body).toBe(body);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 });
    xhr.upload.onload?.();
    xhr.answer(200, JSON.stringify({ data: { rows: 2 }, message: 'Imported' }));
    await expect(sent).resolves.toEqual({ data: { rows: 2 }, message: 'Imported' });
    expect(progress).toEqual([33, null]);
  });

  it('rejects with the server’s message and field errors, or with the status when the answer is not JSON', async () => {
    const refused = uploadWithProgress('license/update', form(), () => {});
    FakeXhr.last.answer(422, JSON.stringify({ message: 'Check the file', errors: { file: ['Too large'] } }));
    await expect(refused).rejects.toEqual(new ApiError(422, 'Check the file', { file: ['Too large'] }));

    const broken = uploadWithProgress('license/update', form(), () => {});
    FakeXhr.last.answer(502, '<html>');
    await expect(broken).rejects.toMatchObject({ status: 502, message: 'Request failed (502)' });

    const offline = uploadWithProgress('license/update', form(), () => {});
    FakeXhr.last.onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0 });
  });
});
