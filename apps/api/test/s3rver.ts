import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders, Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';
import type { S3Settings } from '../src/shared/s3-storage';

export interface TestS3 {
  /** Settings for the storage adapter: path-style, s3rver's fixed credentials. */
  settings: S3Settings;
  /** The same, as the environment variables loadConfig reads. */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket on disk (to corrupt an object behind the API's back). */
  directory: string;
  /** Every request the server received: method, path and headers (bodies are not kept). */
  requests: { method: string; url: string; headers: IncomingHttpHeaders }[];
}

/**
 * An S3-protocol server (s3rver) for one test file, on a free port with a bucket in a temporary folder; closed and
 * removed after the file's tests. s3rver knows one key pair, S3RVER/S3RVER: it refuses other
 * access keys but does not recompute V4 signatures.
 */
export async function startS3rver(options: { bucket?: string; prefix?: string } = {}): Promise<TestS3> {
  const bucket = options.bucket ?? 'portal-files';
  const prefix = options.prefix ?? 'uploads';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const requests: TestS3['requests'] = [];
  (server as unknown as { httpServer: Server }).httpServer.on('request', (request) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    directory,
    requests,
    settings: {
      bucket,
      prefix,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  };
}
