import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage.ts';
import { readAll } from './storage.ts';

const s3 = mockClient(S3Client);
afterEach(() => s3.reset());

const storage = new S3Storage({
  bucket: 'uploads',
  endpoint: 'http://127.0.0.1:9000',
  region: 'us-east-1',
  accessKeyId: 'key',
  secretAccessKey: 'secret',
  forcePathStyle: true,
});

describe('S3Storage', () => {
  it('puts with the content type and length', async () => {
    s3.on(PutObjectCommand).resolves({});
    await storage.put('image/abc/photo.jpg', Buffer.from('bytes'), 'image/jpeg');
    const calls = s3.commandCalls(PutObjectCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toMatchObject({
      Bucket: 'uploads',
      Key: 'image/abc/photo.jpg',
      ContentType: 'image/jpeg',
      ContentLength: 5,
    });
  });

  it('gets a stream with type, size and etag', async () => {
    s3.on(GetObjectCommand, { Bucket: 'uploads', Key: 'image/abc/photo.jpg' }).resolves({
      Body: Readable.from([Buffer.from('bytes')]) as never,
      ContentType: 'image/jpeg',
      ContentLength: 5,
      ETag: '"abc123"',
    });
    const object = await storage.get('image/abc/photo.jpg');
    expect(object).toMatchObject({ mime: 'image/jpeg', size: 5, etag: '"abc123"' });
    expect((await readAll(object!.body)).toString()).toBe('bytes');
  });

  it('answers null for a missing key (NoSuchKey or a bare 404)', async () => {
    s3.on(GetObjectCommand)
      .rejectsOnce(new NoSuchKey({ message: 'missing', $metadata: {} }))
      .rejectsOnce(
        Object.assign(new Error('Not Found'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } }),
      );
    expect(await storage.get('image/missing.png')).toBeNull();
    expect(await storage.get('image/missing.png')).toBeNull();
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(2);
  });

  it('passes other errors on', async () => {
    s3.on(GetObjectCommand).rejects(
      Object.assign(new Error('denied'), { $metadata: { httpStatusCode: 403 } }),
    );
    await expect(storage.get('image/x.png')).rejects.toThrow('denied');
  });

  it('deletes', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    await storage.delete('image/abc/photo.jpg');
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'uploads',
      Key: 'image/abc/photo.jpg',
    });
  });

  it('refuses traversal keys before calling S3', async () => {
    await expect(storage.put('../x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.get('image/../../x.png')).rejects.toThrow(/Invalid storage key/);
    expect(s3.calls()).toHaveLength(0);
  });
});
