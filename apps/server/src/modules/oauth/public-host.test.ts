import { describe, expect, it } from 'vitest';
import { assertPublicHost, isPublicAddress, NonPublicHostError } from './public-host.ts';

/** §9 outbound calls to organiser-chosen hosts: only public unicast addresses in production. */
describe('isPublicAddress', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('assertPublicHost', () => {
  const production = { NODE_ENV: 'production' };
  it('refuses literal private, loopback and link-local hosts in production', async () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://[::1]:8443/x',
      'https://169.254.169.254/latest',
      'https://10.1.2.3',
    ]) {
      await expect(assertPublicHost(production, url), url).rejects.toBeInstanceOf(NonPublicHostError);
    }
  });

  it('refuses a name that resolves to loopback, and one that does not resolve', async () => {
    await expect(assertPublicHost(production, 'https://localhost/x')).rejects.toBeInstanceOf(
      NonPublicHostError,
    );
    await expect(assertPublicHost(production, 'https://nowhere.invalid/x')).rejects.toBeInstanceOf(
      NonPublicHostError,
    );
  });

  it('accepts a public literal, and anything outside production', async () => {
    await expect(assertPublicHost(production, 'https://8.8.8.8/x')).resolves.toBeUndefined();
    await expect(assertPublicHost({ NODE_ENV: 'test' }, 'http://127.0.0.1:9/x')).resolves.toBeUndefined();
  });
});
