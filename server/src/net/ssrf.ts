// The one SSRF guard of every outgoing HTTP request to a user-given URL: flows' HTTP actions (API call,
// webhook, Slack) and missions' webhook deliveries. A URL must be http(s); its host is resolved
// (dns.lookup, all addresses) and refused when any address is loopback (127/8, ::1), link-local
// (169.254/16, fe80::/10), private (10/8, 172.16/12, 192.168/16, fc00::/7, and carrier-grade NAT
// 100.64/10), unspecified (0.0.0.0/8, ::), multicast, reserved or a cloud metadata address
// (169.254.169.254, 169.254.170.2, 100.100.100.200, fd00:ec2::254, metadata.google.internal…), unless the
// host is in the allow-list an administrator configures (host names, `*.suffix` wildcards, IP addresses
// or CIDR ranges) or the policy allows every address (`allowPrivate`: missions with
// ALLOW_PRIVATE_WEBHOOKS=true). IPv6 forms that carry an IPv4 address (::ffff:a.b.c.d, ::ffff:0:a.b.c.d,
// ::a.b.c.d, 64:ff9b::/96, 64:ff9b:1::/48, 2002::/16) are judged by that IPv4 address.
//
// The request is sent with node:http(s), not fetch: the socket connects to exactly the addresses that
// were checked (a `lookup` that answers them), so a name that resolves to a public address when checked
// and to a private one when connecting (DNS rebinding) cannot slip through. Redirects are followed by
// hand, at most 3, each hop checked again (303, and 301/302 after POST, become GET without a body;
// credentials are dropped when the origin changes), unless `followRedirects: false` (the redirect
// response is then answered as it is).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** What a refusal tells the reader to do (the policy's `blockedHint` replaces it). */
export const SSRF_HINTS = {
  flows: 'An administrator can allow this host for flows.',
  webhooks: 'An administrator can allow them with ALLOW_PRIVATE_WEBHOOKS=true.',
} as const;

export const SSRF_MESSAGES = {
  badUrl: (url: string) => `"${url}" is not a valid URL.`,
  badScheme: (protocol: string) => `Only http:// and https:// URLs are allowed (not ${protocol}//).`,
  blocked: (host: string, address: string, kind: string, hint: string = SSRF_HINTS.flows) =>
    `Refused to connect to ${host}${host === address ? '' : ` (${address})`}: ${kind} addresses are not allowed. ${hint}`,
  metadataHost: (host: string, hint: string = SSRF_HINTS.flows) => `Refused to connect to ${host}: cloud metadata services are not allowed. ${hint}`,
  notFound: (host: string) => `The host ${host} could not be resolved.`,
  tooManyRedirects: (max: number) => `Too many redirects (more than ${max}).`,
  badRedirect: (status: number) => `HTTP ${status} redirect without a Location header.`,
  timedOut: (host: string, ms: number) => `No response from ${host} within ${ms >= 1000 ? `${Math.round(ms / 100) / 10} seconds` : `${ms} ms`}.`,
  cancelled: 'The request was cancelled.',
} as const;

export class SsrfError extends Error {
  override name = 'SsrfError';
  constructor(
    message: string,
    readonly code: 'bad_url' | 'blocked',
  ) {
    super(message);
  }
}

// ---- Address classification --------------------------------------------------------------------

type Kind = 'loopback' | 'link-local' | 'private' | 'unspecified' | 'metadata' | 'multicast' | 'reserved';

const ranges: { kind: Kind; list: BlockList }[] = [];
function range(kind: Kind, subnets: [string, number][], family: 'ipv4' | 'ipv6') {
  const list = new BlockList();
  for (const [net, prefix] of subnets) list.addSubnet(net, prefix, family);
  ranges.push({ kind, list });
}
// metadata first: its addresses also fall in link-local / private ranges, the more precise name wins
const METADATA_IPV4 = ['169.254.169.254', '169.254.170.2', '100.100.100.200'];
const METADATA_IPV6 = ['fd00:ec2::254'];
const metadata = new BlockList();
for (const a of METADATA_IPV4) metadata.addAddress(a, 'ipv4');
for (const a of METADATA_IPV6) metadata.addAddress(a, 'ipv6');
ranges.push({ kind: 'metadata', list: metadata });
range('unspecified', [['0.0.0.0', 8]], 'ipv4');
range('loopback', [['127.0.0.0', 8]], 'ipv4');
range('link-local', [['169.254.0.0', 16]], 'ipv4');
range('private', [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]], 'ipv4');
range('multicast', [['224.0.0.0', 4]], 'ipv4');
// IETF protocol assignments, documentation, benchmarking, reserved and broadcast
range('reserved', [['192.0.0.0', 24], ['192.0.2.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['240.0.0.0', 4]], 'ipv4');
range('unspecified', [['::', 128]], 'ipv6');
range('loopback', [['::1', 128]], 'ipv6');
range('link-local', [['fe80::', 10]], 'ipv6');
range('private', [['fc00::', 7], ['fec0::', 10]], 'ipv6');
range('multicast', [['ff00::', 8]], 'ipv6');
range('reserved', [['100::', 64], ['2001:db8::', 32]], 'ipv6');

/** Host names of metadata services, refused whatever they resolve to. */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.internal']);

/** The 8 16-bit groups of an IPv6 address (accepts ::, a zone id and a trailing dotted IPv4). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, -dotted[0].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part ? part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)) : []);
  const left = parse(halves[0]);
  const right = halves.length === 2 ? parse(halves[1]) : [];
  const groups = halves.length === 2 ? [...left, ...new Array(Math.max(0, 8 - left.length - right.length)).fill(0), ...right] : left;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

/**
 * The IPv4 address an IPv6 address carries: mapped (::ffff:0:0/96), translated (::ffff:0:a.b.c.d, RFC
 * 2765), compatible, NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48) or 6to4 (2002::/16).
 */
function embeddedIpv4(groups: number[]): string | null {
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6], groups[7]);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4(groups[6], groups[7]);
  if (zeros(0, 6) && (groups[6] !== 0 || groups[7] > 1)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups[2] === 1) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return null;
}

/** Why an address must not be reached ('loopback', 'private'…), or null when it is a public address. */
export function blockedAddressKind(address: string): Kind | null {
  const family = isIP(address);
  if (family === 4) return ranges.find((r) => r.list.check(address, 'ipv4'))?.kind ?? null;
  if (family === 6) {
    const groups = ipv6Groups(address);
    if (!groups) return 'reserved';
    const v4 = embeddedIpv4(groups);
    if (v4) return blockedAddressKind(v4);
    const normal = groups.map((g) => g.toString(16)).join(':');
    return ranges.find((r) => r.list.check(normal, 'ipv6'))?.kind ?? null;
  }
  return 'reserved'; // not an address: never connect
}

/** Is this an address a server-side request must not reach by default (any blocked kind)? */
export function isPrivateAddress(address: string): boolean {
  return blockedAddressKind(address) !== null;
}

// ---- Allow-list ---------------------------------------------------------------------------------

export interface SsrfPolicy {
  /**
   * Hosts a flow may reach even when they are private: exact host names ("crm.internal"), wildcards
   * ("*.corp.example" matches subdomains), IP addresses ("127.0.0.1", "::1") or CIDR ranges ("10.0.0.0/8").
   */
  allowHosts?: readonly string[];
  /** every address is allowed (no check at all): missions' ALLOW_PRIVATE_WEBHOOKS=true, closed networks */
  allowPrivate?: boolean;
  /** the sentence that ends a refusal (default SSRF_HINTS.flows) */
  blockedHint?: string;
  /** name resolution (tests); default dns.lookup with all addresses */
  lookup?: (host: string) => Promise<LookupAddress[]>;
}

interface CompiledAllowList {
  names: Set<string>;
  suffixes: string[];
  addresses: BlockList;
}
const compiled = new WeakMap<readonly string[], CompiledAllowList>();

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;
const normalEntry = (raw: string) => raw.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** An allow-list written as text (FLOW_ALLOW_HOSTS, Admin → Settings): entries split at commas, spaces or new lines. */
export function splitAllowHosts(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((h) => h.trim())
    .filter(Boolean);
}

/**
 * Why an allow-list entry is not one the guard understands (a host name, a `*.suffix` wildcard, an IP
 * address or a CIDR range), as a sentence; null when it is. The environment's list and the stored one
 * are both checked with it, so what an administrator may save is exactly what the guard applies.
 */
export function allowHostProblem(raw: string): string | null {
  const entry = normalEntry(raw);
  const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
  if (cidr && isIP(cidr[1])) {
    const max = isIP(cidr[1]) === 4 ? 32 : 128;
    return Number(cidr[2]) <= max ? null : `"${raw.trim()}": the prefix of an ${max === 32 ? 'IPv4' : 'IPv6'} range is at most /${max}.`;
  }
  if (isIP(entry)) return null;
  const name = entry.startsWith('*.') ? entry.slice(2) : entry.replace(/\.$/, '');
  if (HOST_NAME.test(name)) return null;
  return `"${raw.trim()}" is not a host name, *.domain wildcard, IP address or CIDR range (such as 10.0.0.0/8).`;
}

function compileAllowList(entries: readonly string[]): CompiledAllowList {
  const cached = compiled.get(entries);
  if (cached) return cached;
  const result: CompiledAllowList = { names: new Set(), suffixes: [], addresses: new BlockList() };
  for (const raw of entries) {
    const entry = normalEntry(raw);
    // an entry the guard does not understand allows nothing (the lists are checked when written)
    if (!entry || allowHostProblem(entry) !== null) continue;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    if (cidr && isIP(cidr[1])) {
      const family = isIP(cidr[1]) === 4 ? 'ipv4' : 'ipv6';
      result.addresses.addSubnet(cidr[1], Number(cidr[2]), family);
    } else if (isIP(entry)) {
      result.addresses.addAddress(entry, isIP(entry) === 4 ? 'ipv4' : 'ipv6');
      result.names.add(entry);
    } else if (entry.startsWith('*.')) {
      result.suffixes.push(entry.slice(1));
    } else {
      result.names.add(entry.replace(/\.$/, ''));
    }
  }
  compiled.set(entries, result);
  return result;
}

function hostAllowed(allow: CompiledAllowList, host: string): boolean {
  return allow.names.has(host) || allow.suffixes.some((suffix) => host.endsWith(suffix));
}
function addressAllowed(allow: CompiledAllowList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && allow.addresses.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

// ---- Checking a URL -----------------------------------------------------------------------------

export interface CheckedUrl {
  url: URL;
  /** the host name without IPv6 brackets, lower case */
  host: string;
  /** the addresses the request may connect to */
  addresses: LookupAddress[];
}

const defaultLookup = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** Parses and checks a URL; throws SsrfError (bad_url or blocked) or a resolution error. */
export async function checkUrl(input: string | URL, policy: SsrfPolicy = {}): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new SsrfError(SSRF_MESSAGES.badUrl(String(input)), 'bad_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SsrfError(SSRF_MESSAGES.badScheme(url.protocol.replace(/:$/, '')), 'bad_url');
  // WHATWG URL has already turned odd IPv4 spellings (2130706433, 0x7f.1, 127.1) into dotted form.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase().replace(/\.$/, '');
  const allow = compileAllowList(policy.allowHosts ?? []);
  const hostIsAllowed = policy.allowPrivate === true || hostAllowed(allow, host);
  if (!hostIsAllowed && METADATA_HOSTS.has(host)) throw new SsrfError(SSRF_MESSAGES.metadataHost(host, policy.blockedHint), 'blocked');

  let addresses: LookupAddress[];
  const family = isIP(host);
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await (policy.lookup ?? defaultLookup)(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') throw new Error(SSRF_MESSAGES.notFound(host), { cause: error });
      throw error;
    }
    if (addresses.length === 0) throw new Error(SSRF_MESSAGES.notFound(host));
  }
  if (!hostIsAllowed) {
    for (const { address } of addresses) {
      const kind = blockedAddressKind(address);
      if (kind && !addressAllowed(allow, address)) throw new SsrfError(SSRF_MESSAGES.blocked(host, address, kind, policy.blockedHint), 'blocked');
    }
  }
  return { url, host, addresses };
}

// ---- Guarded requests ---------------------------------------------------------------------------

export interface GuardedRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** total time for the request and its redirects (default 15 s) */
  timeoutMs?: number;
  /** default 3 */
  maxRedirects?: number;
  /** false: answer a redirect as it is (default true: follow, each hop checked) */
  followRedirects?: boolean;
  /** bytes of the response body kept (default 1 MB); the rest is dropped and `truncated` set */
  maxBodyBytes?: number;
  signal?: AbortSignal;
}

export interface GuardedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  /** the final URL after redirects */
  url: string;
  redirects: number;
}

export const DEFAULT_HTTP_TIMEOUT_MS = 15_000;
export const MAX_REDIRECTS = 3;
const DEFAULT_MAX_BODY = 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const list = wanted.length ? wanted : addresses;
    if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    else callback(null, list[0].address, list[0].family);
  };
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

interface Hop {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
}

function sendOnce(target: CheckedUrl, method: string, headers: Record<string, string>, body: string | Buffer | undefined, signal: AbortSignal, maxBody: number): Promise<Hop> {
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Hop>((resolve, reject) => {
    const request = send(
      target.url,
      {
        method,
        headers: { ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers },
        lookup: pinnedLookup(target.addresses),
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            headers: flattenHeaders(response.headers),
            body: Buffer.concat(chunks),
            truncated,
          });
        response.on('data', (chunk: Buffer) => {
          if (size < maxBody) chunks.push(chunk.subarray(0, maxBody - size));
          if (size + chunk.length > maxBody) truncated = true;
          size += chunk.length;
        });
        response.on('end', done);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * One HTTP request through the guard, following up to `maxRedirects` redirects (each checked). Throws
 * SsrfError for a refused URL, an Error naming the host on timeout, or the network error.
 */
export async function guardedFetch(input: GuardedRequest, policy: SsrfPolicy = {}): Promise<GuardedResponse> {
  const timeoutMs = input.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  const maxRedirects = input.maxRedirects ?? MAX_REDIRECTS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;

  let method = (input.method ?? 'GET').toUpperCase();
  let headers = { ...(input.headers ?? {}) };
  let body = input.body;
  let current = input.url;
  let host = '';
  try {
    for (let redirects = 0; ; redirects++) {
      if (signal.aborted) throw signal.reason;
      const target = await checkUrl(current, policy);
      host = target.host;
      const hop = await sendOnce(target, method, headers, method === 'GET' || method === 'HEAD' ? undefined : body, signal, input.maxBodyBytes ?? DEFAULT_MAX_BODY);
      if (!REDIRECTS.has(hop.status) || input.followRedirects === false) return { ...hop, url: target.url.toString(), redirects };
      const location = hop.headers.location;
      if (!location) throw new Error(SSRF_MESSAGES.badRedirect(hop.status));
      if (redirects >= maxRedirects) throw new Error(SSRF_MESSAGES.tooManyRedirects(maxRedirects));
      const next = new URL(location, target.url);
      if (next.origin !== target.url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())));
      if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
        if (method !== 'HEAD') method = 'GET';
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !['content-type', 'content-length'].includes(k.toLowerCase())));
      }
      current = next.toString();
    }
  } catch (error) {
    if (timeout.aborted && !input.signal?.aborted) throw new Error(SSRF_MESSAGES.timedOut(host || input.url, timeoutMs), { cause: error });
    if (input.signal?.aborted) throw new Error(SSRF_MESSAGES.cancelled, { cause: error });
    throw error;
  }
}

/** The body as JSON when the response says so (or looks like JSON), else as text. */
export function parseResponseBody(response: Pick<GuardedResponse, 'headers' | 'body'>): unknown {
  const text = response.body.toString('utf8');
  const type = response.headers['content-type'] ?? '';
  const looksJson = /[/+]json\b/i.test(type) || (!type && /^\s*[[{]/.test(text));
  if (looksJson && text.trim()) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
