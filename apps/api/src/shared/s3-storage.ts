import { createHash } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkKey, type FileStorage } from './storage';

/** Where the files live when STORAGE_URL is `s3://bucket/prefix` (docs/storage.md, decision 037). */
export interface S3Settings {
  bucket: string;
  /** Every key is stored under this prefix ('' for the bucket's root); no slash at either end. */
  prefix: string;
  /** An S3-compatible store (MinIO, …); unset for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what MinIO and most S3-compatible stores expect. */
  forcePathStyle: boolean;
}

const STORAGE_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The S3 settings from STORAGE_URL and the S3_* variables; undefined without STORAGE_URL (files stay in the local
 * folder). Anything wrong throws at start with what to set, never echoing a secret.
 */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const url = env.STORAGE_URL?.trim();
  if (!url) return undefined;
  const fail = (reason: string): never => {
    throw new Error(`Invalid file storage settings: ${reason} (docs/storage.md)`);
  };
  if (url.includes('@')) fail('STORAGE_URL must not hold credentials; set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  const match = STORAGE_URL.exec(url);
  if (!match)
    fail('STORAGE_URL must be s3://bucket or s3://bucket/prefix, with a bucket name of 3 to 63 lowercase letters, digits, dots or hyphens');
  const [, bucket, rest = ''] = match as RegExpExecArray;
  const segments = rest.split('/').filter(Boolean);
  if (!segments.every((segment) => PREFIX_SEGMENT.test(segment))) {
    fail('the prefix in STORAGE_URL may hold only letters, digits, dots, hyphens and underscores between slashes');
  }

  let endpoint: string | undefined;
  if (env.S3_ENDPOINT?.trim()) {
    try {
      const parsed = new URL(env.S3_ENDPOINT.trim());
      if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password) throw new Error();
      endpoint = parsed.toString().replace(/\/$/, '');
    } catch {
      fail('S3_ENDPOINT must be an http:// or https:// address without credentials, such as http://minio:9000');
    }
  }
  const region = env.S3_REGION?.trim() || (endpoint ? 'us-east-1' : undefined);
  if (!region) fail("S3_REGION must be set for an AWS bucket (without S3_ENDPOINT), such as 'af-south-1'");

  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) fail('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must both be set with STORAGE_URL');

  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle && !['true', 'false'].includes(pathStyle)) fail('S3_FORCE_PATH_STYLE must be true or false');

  return {
    bucket,
    prefix: segments.join('/'),
    endpoint,
    region: region as string,
    accessKeyId: accessKeyId as string,
    secretAccessKey: secretAccessKey as string,
    forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
  };
}

/** Where the settings point, for people: `s3://bucket/prefix` (at the endpoint); never the keys. */
export function describeS3(settings: S3Settings): string {
  const where = `s3://${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ''}`;
  return settings.endpoint ? `${where} at ${settings.endpoint}` : `${where} (AWS ${settings.region})`;
}

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Files as objects in an S3 bucket (AWS SDK v3). The SDK is loaded on first use, so a portal that keeps its files in
 * a folder never loads it. Every put carries Content-MD5, which S3 and MinIO check before storing; the SDK's newer
 * default checksums are left to operations that require them, since several S3-compatible stores reject them
 * (decision 037).
 */
export function s3Storage(settings: S3Settings): FileStorage {
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => {
    loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A store that does not answer fails the request instead of holding an upload open; the SDK retries twice.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      }),
    }));
    return loaded;
  };
  const objectKey = (key: string) => {
    checkKey(key);
    return settings.prefix ? `${settings.prefix}/${key}` : key;
  };
  return {
    async put(key, bytes) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentMD5: createHash('md5').update(bytes).digest('base64'),
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key }));
        if (!answer.Body) return Buffer.alloc(0);
        const bytes = await answer.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key }));
      } catch (error) {
        // S3 answers 204 for a key that holds nothing; a store that answers NoSuchKey means the same.
        if (!isMissingKey(error)) throw error;
      }
    },
  };
}

/** NoSuchKey, or a bare 404; a missing bucket is a wrong setting, never an absent file. */
function isMissingKey(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}
