import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness';

export interface FilePart {
  filename: string;
  contentType: string;
  content: Buffer;
}

export type PartValue = string | FilePart | FilePart[];

/** A multipart/form-data body built by hand: strings become fields, FileParts become files (a list repeats the field). */
export function multipartBody(parts: Record<string, PartValue>) {
  const boundary = `----portal-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const flat = Object.entries(parts).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v) => [name, v] as const) : [[name, value] as const],
  );
  for (const [name, value] of flat) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends form data the way the web app does, and parses the JSON answer like TestApp.call. */
export async function postMultipart(t: TestApp, url: string, parts: Record<string, PartValue>, token?: string) {
  const { payload, contentType } = multipartBody(parts);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '10.0.0.1',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  const body = response.body ? (JSON.parse(response.body) as any) : null;
  return { status: response.statusCode, body };
}

/** A valid 1×1 PNG image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
