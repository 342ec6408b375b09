import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type Storage, type StoredObject } from './storage.ts';

export type S3StorageOptions = {
  bucket: string;
  /** Endpoint of an S3-compatible service (MinIO, R2, OSS …); AWS when undefined. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle: boolean;
};

/**
 * Objects in an S3-compatible bucket through @aws-sdk/client-s3. Keys are checked like on disk
 * ({@link assertStorageKey}); the content type is stored with each object. Without explicit keys the
 * SDK's default credential chain applies (environment, instance role).
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions, client?: S3Client) {
    this.bucket = options.bucket;
    const config: S3ClientConfig = { region: options.region, forcePathStyle: options.forcePathStyle };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      };
    }
    this.client = client ?? new S3Client(config);
  }

  async put(key: string, bytes: Buffer, mime: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: mime,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = answer.Body;
      if (!body) return null;
      const stream =
        body instanceof Readable
          ? body
          : Readable.from(
              Buffer.from(
                await (body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray(),
              ),
            );
      return {
        body: stream,
        mime: answer.ContentType ?? 'application/octet-stream',
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? `"${key}"`,
      };
    } catch (error) {
      if (error instanceof NoSuchKey || isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

/** S3-compatible services answer a missing key with NoSuchKey, some with a bare 404. */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
