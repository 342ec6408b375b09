import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Outbound calls to addresses an organiser chooses (a meeting's single sign-on issuer and the
 * endpoints its discovery document names, §2 /oauth/chinaief; the console's discovery test) must not
 * reach the deployment's own network (§9 outbound calls). In production every address the host name
 * resolves to has to be public unicast: private (RFC 1918), loopback, link-local, unique-local (fc00::/7),
 * carrier-grade NAT, multicast, reserved and IPv4-mapped forms of those are refused.
 */

/** The host of an outbound URL is not on the public internet (or does not resolve). */
export class NonPublicHostError extends Error {}

/** Whether `address` (IPv4 or IPv6 text) is a public unicast address (ipaddr.js range 'unicast'). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  return parsed.range() === 'unicast';
}

/**
 * Resolves the host of `url` (all A and AAAA answers) and refuses it unless every address is public.
 * Only in production (`NODE_ENV=production`); development and tests talk to stand-ins on 127.0.0.1.
 * @throws NonPublicHostError (the message names no address: callers answer a generic failure)
 */
export async function assertPublicHost(config: { NODE_ENV: string }, url: string | URL): Promise<void> {
  if (config.NODE_ENV !== 'production') return;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new NonPublicHostError('the host does not resolve');
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw new NonPublicHostError('the host is not on the public internet');
}

/**
 * A fetch that first checks the URL's host with assertPublicHost (for openid-client's customFetch and
 * the console's discovery test). Redirects are not followed by callers that pass redirect 'error'/'manual'.
 */
export function publicOnlyFetch(config: { NODE_ENV: string }, doFetch: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const target = input instanceof Request ? input.url : input;
    await assertPublicHost(config, target);
    return doFetch(input, init);
  };
}
