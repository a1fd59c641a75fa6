import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startHookSink, type HookSink } from '../testing/missions.js';
import { loadConfig } from '../config.js';
import { allowHostProblem, blockedAddressKind, checkUrl, guardedFetch, isPrivateAddress, splitAllowHosts, SSRF_HINTS, SsrfError } from './ssrf.js';

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'], // IPv4-translated (RFC 2765)
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:a9fe:a9fe', 'metadata'],
    ['64:ff9b:1::a00:1', 'private'], // NAT64 local-use prefix (RFC 8215)
    ['2002:7f00:1::', 'loopback'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(blockedAddressKind(address)).toBe(kind);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:0:808:808', '64:ff9b::808:808'])('%s is public', (address) => {
    expect(blockedAddressKind(address)).toBeNull();
  });
});

describe('allow-list entries (FLOW_ALLOW_HOSTS and Admin → Settings)', () => {
  it('accepts what the guard applies and says what is wrong with anything else', () => {
    for (const ok of ['crm.internal', 'CRM.Internal.', '*.corp.example', '127.0.0.1', '::1', '[fd00::1]', '10.0.0.0/8', 'fd00::/8', 'localhost'])
      expect([ok, allowHostProblem(ok)]).toEqual([ok, null]);
    expect(allowHostProblem('10.0.0.0/33')).toBe('"10.0.0.0/33": the prefix of an IPv4 range is at most /32.');
    expect(allowHostProblem('fd00::/129')).toBe('"fd00::/129": the prefix of an IPv6 range is at most /128.');
    for (const bad of ['http://crm.internal', 'crm internal', '*.', 'a..b', 'crm.internal:8080', '-x.example', 'x'.repeat(64)])
      expect(allowHostProblem(bad)).toBe(`"${bad}" is not a host name, *.domain wildcard, IP address or CIDR range (such as 10.0.0.0/8).`);
  });

  it('reads the environment list with the same parser: split at commas, spaces or lines, a wrong entry refused at start', async () => {
    expect(splitAllowHosts(' crm.internal,10.0.0.0/8\n *.corp.example ,, ')).toEqual(['crm.internal', '10.0.0.0/8', '*.corp.example']);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), FLOW_ALLOW_HOSTS: 'crm.internal, 10.0.0.0/8' }).flowAllowHosts).toEqual(['crm.internal', '10.0.0.0/8']);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), FLOW_ALLOW_HOSTS: 'crm.internal, 10.0.0.0/40' })).toThrow(/FLOW_ALLOW_HOSTS.*at most \/32/s);
    // an entry that slipped in unchecked allows nothing rather than everything
    await expect(checkUrl('http://10.1.2.3/', { allowHosts: ['10.0.0.0/99'] })).rejects.toThrow(/private addresses are not allowed/);
  });
});

describe('checkUrl', () => {
  const refused = async (url: string, policy = {}) => {
    const error = await checkUrl(url, policy).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SsrfError);
    return (error as SsrfError).message;
  };

  it('refuses loopback, private, link-local and metadata addresses', async () => {
    expect(await refused('http://127.0.0.1:8080/x')).toBe(
      'Refused to connect to 127.0.0.1: loopback addresses are not allowed. An administrator can allow this host for flows.',
    );
    expect(await refused('http://10.0.0.1/')).toMatch(/10\.0\.0\.1: private addresses/);
    expect(await refused('http://169.254.169.254/latest/meta-data/')).toMatch(/169\.254\.169\.254: metadata addresses/);
    expect(await refused('http://[::1]/')).toMatch(/loopback/);
    expect(await refused('http://[::ffff:10.0.0.1]/')).toMatch(/private/);
    expect(await refused('http://[::ffff:0:7f00:1]/')).toMatch(/loopback/);
    expect(await refused('http://[64:ff9b::7f00:1]/')).toMatch(/loopback/);
    expect(await refused('http://0.0.0.0/')).toMatch(/unspecified/);
  });

  it('refuses odd spellings of loopback (normalised by the URL parser)', async () => {
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://127.1/', 'http://017700000001/']) expect(await refused(url)).toMatch(/127\.0\.0\.1: loopback/);
  });

  it('refuses a host name that resolves to loopback (localhost) or to any private address', async () => {
    expect(await refused('http://localhost:3000/')).toMatch(/^Refused to connect to localhost \((127\.0\.0\.1|::1)\): loopback/);
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await refused('https://mixed.example/', { lookup })).toMatch(/mixed\.example \(10\.1\.2\.3\): private/);
    expect(await refused('http://metadata.google.internal/computeMetadata/v1/')).toMatch(/cloud metadata services are not allowed/);
  });

  it('refuses other schemes and bad URLs', async () => {
    expect(await refused('file:///etc/passwd')).toBe('Only http:// and https:// URLs are allowed (not file//).');
    expect(await refused('ftp://example.com/')).toMatch(/not ftp/);
    expect(await refused('gopher://127.0.0.1:25/')).toMatch(/not gopher/);
    expect(await refused('not a url')).toBe('"not a url" is not a valid URL.');
  });

  it('allows public hosts, and private ones in the allow-list (address, name, wildcard or range)', async () => {
    const lookup = async (host: string) => [{ address: host.endsWith('.corp.example') ? '10.9.8.7' : '93.184.216.34', family: 4 }];
    await expect(checkUrl('https://example.com/x', { lookup })).resolves.toMatchObject({ host: 'example.com', addresses: [{ address: '93.184.216.34' }] });
    await expect(checkUrl('http://127.0.0.1:9/', { allowHosts: ['127.0.0.1'] })).resolves.toMatchObject({ host: '127.0.0.1' });
    await expect(checkUrl('http://localhost:9/', { allowHosts: ['localhost'] })).resolves.toMatchObject({ host: 'localhost' });
    await expect(checkUrl('http://crm.corp.example/', { allowHosts: ['*.corp.example'], lookup })).resolves.toMatchObject({ host: 'crm.corp.example' });
    await expect(checkUrl('http://crm.corp.example/', { allowHosts: ['10.0.0.0/8'], lookup })).resolves.toMatchObject({ host: 'crm.corp.example' });
    expect(await refused('http://crm.corp.example/', { allowHosts: ['192.168.0.0/16', 'other.example'], lookup })).toMatch(/private/);
    expect(await refused('http://10.0.0.2/', { allowHosts: ['10.0.0.1'] })).toMatch(/private/);
  });
});

describe('guardedFetch', () => {
  let server: Server;
  let base: string;
  const seen: { method: string; url: string; body: string; auth?: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, body: Buffer.concat(chunks).toString(), auth: req.headers.authorization });
        const url = new URL(req.url!, 'http://x');
        if (url.pathname === '/hop') {
          const n = Number(url.searchParams.get('n'));
          res.writeHead(302, { location: n > 1 ? `/hop?n=${n - 1}` : '/final' }).end();
        } else if (url.pathname === '/see-other') res.writeHead(303, { location: '/final' }).end();
        else if (url.pathname === '/to-metadata') res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        else if (url.pathname === '/to-localhost') res.writeHead(307, { location: `http://localhost:${(server.address() as AddressInfo).port}/final` }).end();
        else if (url.pathname === '/slow') {
          const timer = setTimeout(() => res.end('late'), 2000);
          res.on('close', () => clearTimeout(timer));
        }
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: url.pathname, method: req.method }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const allow = { allowHosts: ['127.0.0.1'] };

  it('refuses loopback unless allowed', async () => {
    await expect(guardedFetch({ url: `${base}/final` })).rejects.toThrow(/loopback addresses are not allowed/);
    const response = await guardedFetch({ url: `${base}/final` }, allow);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ path: '/final', method: 'GET' });
  });

  it('follows up to 3 redirects, checking each hop', async () => {
    const three = await guardedFetch({ url: `${base}/hop?n=3` }, allow);
    expect(three).toMatchObject({ status: 200, redirects: 3, url: `${base}/final` });
    await expect(guardedFetch({ url: `${base}/hop?n=4` }, allow)).rejects.toThrow('Too many redirects (more than 3).');
    await expect(guardedFetch({ url: `${base}/to-metadata` }, allow)).rejects.toThrow(/169\.254\.169\.254: metadata addresses are not allowed/);
    // the allow-list names the address: localhost resolves to it, so the hop is allowed only for 127.0.0.1
    const viaName = await guardedFetch({ url: `${base}/to-localhost` }, allow).catch((e: Error) => e);
    if (viaName instanceof Error) expect(viaName.message).toMatch(/localhost \(::1\): loopback/);
    else expect(viaName.status).toBe(200);
  });

  it('turns a POST into a GET on 303 and drops credentials across origins', async () => {
    seen.length = 0;
    const response = await guardedFetch({ url: `${base}/see-other`, method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', authorization: 'Bearer x' } }, allow);
    expect(response.status).toBe(200);
    expect(seen.map((s) => [s.method, s.url, s.body, s.auth])).toEqual([
      ['POST', '/see-other', '{"a":1}', 'Bearer x'],
      ['GET', '/final', '', 'Bearer x'],
    ]);
  });

  it('times out with a message naming the host', async () => {
    await expect(guardedFetch({ url: `${base}/slow`, timeoutMs: 100 }, allow)).rejects.toThrow('No response from 127.0.0.1 within 100 ms.');
  });
});

// The same guard as mission webhook deliveries use it (formerly missions/ssrf.ts): isPrivateAddress,
// the allow-everything policy of ALLOW_PRIVATE_WEBHOOKS=true, the webhook hint, no redirect following.
describe('as the mission webhook guard', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['64:ff9b::a9fe:a9fe', true], // NAT64 of 169.254.169.254
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['93.184.216.34', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
    ['not-an-ip', true],
  ])('%s private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  describe('requests', () => {
    let hooks: HookSink;
    beforeAll(async () => {
      hooks = await startHookSink();
    });
    afterAll(async () => {
      await hooks.close();
    });
    const webhooks = (allowPrivate: boolean) => ({ allowPrivate, blockedHint: SSRF_HINTS.webhooks });

    it('refuses loopback by IP literal, by odd spellings and by name unless private addresses are allowed', async () => {
      const port = new URL(hooks.url).port;
      for (const url of [`http://127.0.0.1:${port}/`, `http://2130706433:${port}/`, `http://[::1]:${port}/`, `http://localhost:${port}/`]) {
        const error = await guardedFetch({ url, method: 'POST', body: '{}' }, webhooks(false)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(SsrfError);
        expect((error as SsrfError).code).toBe('blocked');
        expect((error as SsrfError).message).toMatch(/loopback addresses are not allowed\. An administrator can allow them with ALLOW_PRIVATE_WEBHOOKS=true\.$/);
      }
      expect(hooks.requests).toHaveLength(0);
      const allowed = await guardedFetch({ url: `http://localhost:${port}/ok`, method: 'POST', body: '{}' }, webhooks(true));
      expect(allowed.status).toBe(200);
      expect(hooks.requests).toHaveLength(1);
      // allowing private addresses allows metadata names too (a closed network's own choice)
      await expect(checkUrl('http://metadata.google.internal/', { ...webhooks(true), lookup: async () => [{ address: '169.254.169.254', family: 4 }] })).resolves.toMatchObject({
        host: 'metadata.google.internal',
      });
    });

    it('refuses other schemes even when private addresses are allowed', async () => {
      await expect(guardedFetch({ url: 'file:///etc/passwd' }, webhooks(true))).rejects.toThrow('Only http:// and https:// URLs are allowed (not file//).');
      await expect(guardedFetch({ url: 'not a url' }, webhooks(true))).rejects.toThrow('"not a url" is not a valid URL.');
    });
  });

  it('answers a redirect as it is with followRedirects: false', async () => {
    const server = createServer((_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const response = await guardedFetch({ url, method: 'POST', body: '{}', followRedirects: false }, { allowHosts: ['127.0.0.1'] });
      expect(response).toMatchObject({ status: 302, redirects: 0 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
