// Outbound HTTP to user-given URLs (mission webhooks; flows' HTTP actions can use it too) with an SSRF
// guard: loopback, link-local, private, carrier-grade NAT, multicast and reserved addresses are refused
// unless allowed (ALLOW_PRIVATE_WEBHOOKS=true). The check runs on the address the socket actually
// connects to (a custom `lookup`), so a name that resolves differently the second time (DNS rebinding)
// cannot slip through; IP literals are checked before connecting. Redirects are not followed.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export const SSRF_MESSAGES = {
  blocked: (host: string, address: string) =>
    `Refused to send to ${host} (${address}): private, loopback and link-local addresses are not allowed. An administrator can allow them with ALLOW_PRIVATE_WEBHOOKS=true.`,
  badUrl: 'The URL must start with http:// or https://',
  timedOut: (seconds: number) => `No response within ${seconds} seconds`,
} as const;

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  readonly code = 'EBLOCKED';
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", includes 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address (accepts :: and a trailing dotted IPv4). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const octets = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const groups = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(groups: number[]): string | null {
  const v4 = () => `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  const zeros = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeros(5) && groups[5] === 0xffff) return v4();
  if (zeros(6) && (groups[6] !== 0 || groups[7] > 1)) return v4();
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4();
  return null;
}

/** Is this address one a server-side request must not reach by default? */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const groups = ipv6Groups(address);
    if (!groups) return true;
    const v4 = embeddedIpv4(groups);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(groups.map((g) => g.toString(16)).join(':'), 'ipv6');
  }
  return true; // not an address at all: refuse
}

export interface GuardedRequest {
  url: string;
  method?: 'POST' | 'PUT' | 'GET';
  headers?: Record<string, string>;
  body?: string;
  /** allow loopback, link-local and private addresses */
  allowPrivate: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingMessage['headers'];
  /** at most 64 KB of the body */
  body: string;
}

const MAX_BODY_BYTES = 64 * 1024;

/** A `lookup` that refuses blocked addresses; answers in both forms net.connect asks for (`all` or one). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new BlockedAddressError(SSRF_MESSAGES.blocked(hostname, refused.address)), '', 0);
      if (addresses.length === 0) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** One request with the SSRF guard; throws BlockedAddressError, a network error, or a timeout. */
export async function guardedFetch(input: GuardedRequest): Promise<GuardedResponse> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new Error(SSRF_MESSAGES.badUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(SSRF_MESSAGES.badUrl);
  // WHATWG URL has already normalised odd IPv4 spellings (2130706433, 0x7f.1) to dotted form.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !input.allowPrivate && isPrivateAddress(host)) throw new BlockedAddressError(SSRF_MESSAGES.blocked(url.hostname, host));

  const timeoutMs = input.timeoutMs ?? 10_000;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<GuardedResponse>((resolve, reject) => {
    const request = send(
      url,
      {
        method: input.method ?? 'POST',
        headers: { ...(input.body !== undefined ? { 'content-length': String(Buffer.byteLength(input.body)) } : {}), ...input.headers },
        lookup: guardedLookup(input.allowPrivate),
        timeout: timeoutMs,
        signal: input.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
          size += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(SSRF_MESSAGES.timedOut(Math.round(timeoutMs / 1000)))));
    request.on('error', reject);
    request.end(input.body);
  });
}
