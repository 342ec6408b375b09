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
});
