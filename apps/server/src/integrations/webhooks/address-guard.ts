import dns from 'node:dns';
import net from 'node:net';

// SSRF guard for outbound webhooks: a target may not be, or resolve to, an address inside a private
// network, this machine, a link-local range (cloud metadata at 169.254.169.254) or a unique-local
// IPv6 range. Checked when an endpoint is saved and again on every attempt, on the very addresses
// the connection uses (a name can be re-pointed after the first check: DNS rebinding).

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:127.0.0.1`, `::ffff:7f00:1`), else null. */
function embeddedIpv4(address: string): string | null {
  const normalized = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(normalized);
  if (!match) return null;
  const high = Number.parseInt(match[1]!, 16);
  const low = Number.parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for an address a webhook may be sent to. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, 'ipv4');
  // Node's BlockList also matches IPv4 rules against mapped addresses; the embedded one is checked as itself.
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== null) return isPublicAddress(ipv4);
  return !blocked.check(address, 'ipv6');
}

export type LookupFn = (
  hostname: string,
  options: dns.LookupAllOptions,
) => Promise<{ address: string; family: number }[]>;

export const systemLookup: LookupFn = (hostname, options) => dns.promises.lookup(hostname, options);

export type TargetPolicy = {
  /** `host:port` pairs exempt from the address check, as written in the URL (never in production). */
  allowedPrivateTargets: readonly string[];
  /** Plain http is accepted outside production only. */
  requireHttps: boolean;
  lookup?: LookupFn;
};

export type TargetCheck = { ok: true } | { ok: false; reason: string };

/** The URL's host without IPv6 brackets. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const defaultPort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

export function isAllowedPrivateTarget(url: URL, policy: Pick<TargetPolicy, 'allowedPrivateTargets'>) {
  return policy.allowedPrivateTargets.includes(`${url.hostname.toLowerCase()}:${defaultPort(url)}`);
}

/**
 * Whether a URL may receive webhooks: http(s), no credentials in it, and every address its host
 * resolves to public. Used when an endpoint is saved; each attempt checks again while connecting.
 */
export async function checkWebhookTarget(raw: string, policy: TargetPolicy): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'Enter a valid URL' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.requireHttps))
    return {
      ok: false,
      reason: policy.requireHttps ? 'The URL must use https' : 'The URL must use http or https',
    };
  if (url.username || url.password)
    return { ok: false, reason: 'The URL may not contain a user name or password' };
  if (isAllowedPrivateTarget(url, policy)) return { ok: true };
  const host = bareHost(url);
  if (net.isIP(host)) {
    return isPublicAddress(host) ? { ok: true } : { ok: false, reason: privateReason };
  }
  let addresses: { address: string }[];
  try {
    addresses = await (policy.lookup ?? systemLookup)(host, { all: true });
  } catch {
    return { ok: false, reason: 'The host name does not resolve' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'The host name does not resolve' };
  return addresses.every((a) => isPublicAddress(a.address))
    ? { ok: true }
    : { ok: false, reason: privateReason };
}

export const privateReason = 'The URL points to a private, loopback or link-local address';
