import { describe, expect, it } from 'vitest';
import { signUploadToken, type UploadGrant, verifyUploadToken } from './media.token.ts';

const secret = 'unit-test-secret-0123456789';
const now = Math.floor(Date.now() / 1000);
const grant: UploadGrant = {
  id: '0123456789abcdef01234567',
  bucket: 'image',
  key: '0123456789abcdef01234567/photo.jpg',
  originalName: 'photo.jpg',
  maxBytes: 1000,
  kinds: ['image'],
  userId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  meetingId: null,
  expiresAt: now + 600,
};

const expectInvalid = async (token: string, message = /not valid/) =>
  expect(verifyUploadToken(secret, token)).rejects.toMatchObject({
    status: 400,
    code: 'upload.token_invalid',
    message: expect.stringMatching(message),
  });

describe('upload tokens', () => {
  it('round-trips a grant', async () => {
    expect(await verifyUploadToken(secret, await signUploadToken(secret, grant))).toEqual(grant);
  });

  it('refuses an expired token', async () => {
    const token = await signUploadToken(secret, { ...grant, expiresAt: now - 1 }, now - 601);
    await expectInvalid(token, /expired/);
  });

  it('refuses a token signed with another secret', async () => {
    await expectInvalid(await signUploadToken('another-secret-0123456789', grant));
  });

  it('refuses a changed payload under the original signature', async () => {
    const [header, payload, signature] = (await signUploadToken(secret, grant)).split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, max: 10 ** 9 })).toString('base64url');
    await expectInvalid(`${header}.${forged}.${signature}`);
  });

  it('refuses alg none and garbage', async () => {
    const [, payload] = (await signUploadToken(secret, grant)).split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'upload+jwt' })).toString('base64url');
    await expectInvalid(`${none}.${payload}.`);
    await expectInvalid('not-a-token');
    await expectInvalid('');
  });

  it('refuses a key that does not start with the token id', async () => {
    await expectInvalid(
      await signUploadToken(secret, { ...grant, key: 'ffffffffffffffffffffffff/photo.jpg' }),
    );
  });
});
