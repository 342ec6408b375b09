import { signApikey } from '@app/contracts/wire/apikey.ts';
import { describe, expect, it } from 'vitest';
import { signRequest } from './sign-request.ts';

const requests = [
  {
    salt: 'meeting-platform-apikey-salt-v1',
    method: 'GET',
    pathWithQuery: '/api/meeting/agendas?limit=5',
    timestamp: 1_800_000_000,
    deviceId: 'd1',
  },
  {
    salt: 'another salt',
    method: 'post',
    pathWithQuery: '/api/meetings/64656d6f0000000000002019/views',
    timestamp: 1_566_374_400,
    deviceId: '',
    body: 'source_id=%E4%BC%9A%E8%AE%AE&note=会议 ✓',
  },
];

describe('signRequest', () => {
  it.each(requests)(
    'signs $method $pathWithQuery with WebCrypto exactly as the server checks',
    async (input) => {
      expect(globalThis.crypto?.subtle).toBeDefined();
      await expect(signRequest(input)).resolves.toBe(signApikey(input));
    },
  );

  it.each(requests)(
    'falls back to the contracts signer without WebCrypto ($pathWithQuery)',
    async (input) => {
      await expect(signRequest(input, undefined)).resolves.toBe(signApikey(input));
    },
  );

  it('signs a GET with one WebCrypto call once the salt key is imported', async () => {
    const real = globalThis.crypto.subtle;
    const calls: string[] = [];
    const counted =
      <K extends 'digest' | 'importKey' | 'sign'>(name: K) =>
      (...args: unknown[]) => {
        calls.push(name);
        return (real[name] as (...a: unknown[]) => unknown).apply(real, args);
      };
    const counting = {
      digest: counted('digest'),
      importKey: counted('importKey'),
      sign: counted('sign'),
    } as unknown as SubtleCrypto;
    // A salt no other test signed with: its key is not imported yet.
    const get = { ...(requests[0] as (typeof requests)[0]), salt: 'a salt of its own' };
    await expect(signRequest(get, counting)).resolves.toBe(signApikey(get));
    await expect(signRequest({ ...get, timestamp: get.timestamp + 1 }, counting)).resolves.toBe(
      signApikey({ ...get, timestamp: get.timestamp + 1 }),
    );
    expect(calls).toEqual(['importKey', 'sign', 'sign']);
  });
});
