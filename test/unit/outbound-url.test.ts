/** Where a tenant's URL may point (src/lib/outbound-url.ts): the address table, the URL's form, resolution, the socket. */
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import {
  addressRefusal,
  guardedLookup,
  type Lookup,
  parseAllowList,
  resolvedRefusal,
  urlRefusal,
  urlRefusals,
} from '../../src/lib/outbound-url.js';

const REFUSED: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback'],
  ['::1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'linkLocal'], // AWS, GCP, Azure metadata
  ['fe80::1', 'linkLocal'],
  ['fd00:ec2::254', 'uniqueLocal'], // AWS metadata over IPv6
  ['100.100.100.200', 'carrierGradeNat'], // Alibaba metadata
  ['100.64.0.1', 'carrierGradeNat'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.2.1', 'reserved'],
  ['::ffff:127.0.0.1', 'loopback'], // IPv4-mapped: judged as the IPv4 it is
  ['::ffff:10.0.0.1', 'private'],
  ['64:ff9b::7f00:1', 'rfc6052'], // NAT64 of 127.0.0.1
  ['2002:7f00:1::', '6to4'],
];
const PUBLIC = ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '2a00:1450:4001:81c::200e', '172.32.0.1', '11.0.0.1'];

test('addresses: only public unicast is allowed, whatever the notation', () => {
  for (const [address, range] of REFUSED) {
    const why = addressRefusal(address);
    assert.ok(why?.endsWith(`a ${range} address`), `${address}: ${why}`);
  }
  for (const address of PUBLIC) assert.equal(addressRefusal(address), null, address);
  assert.match(addressRefusal('localhost') as string, /not an IP address/);
});

test('the allow list opens host names, addresses and CIDR ranges, and refuses a bad entry', () => {
  const allow = parseAllowList(' localhost, 127.0.0.1 ,10.0.0.0/8, [::1], fd00::/8 ,');
  assert.deepEqual([...allow.hosts], ['localhost']);
  for (const a of ['127.0.0.1', '10.200.1.1', '::1', 'fd00:ec2::254', '::ffff:10.0.0.1']) {
    assert.equal(addressRefusal(a, allow), null, a);
  }
  for (const a of ['127.0.0.2', '192.168.1.1', '169.254.169.254']) assert.notEqual(addressRefusal(a, allow), null, a);
  assert.throws(() => parseAllowList('10.0.0.0/99'), /not a CIDR range/);
  assert.throws(() => parseAllowList('http://x.example'), /not a host name/);
  assert.throws(() => parseAllowList('bad host'), /not a host name/);
  assert.deepEqual(parseAllowList(undefined), { hosts: new Set(), ranges: [] });
});

test("a URL's form: https, no credentials nor fragment, a public host; http only for allowed hosts", () => {
  const cases: Array<[string, RegExp | null]> = [
    ['https://pos.example.com/hooks?x=1', null],
    ['https://93.184.216.34:8443/h', null],
    ['http://pos.example.com/hooks', /must use https/],
    ['ftp://pos.example.com/', /must use https/],
    ['not a url', /not an absolute URL/],
    ['https://user:pw@pos.example.com/', /user name or password/],
    ['https://pos.example.com/#frag', /fragment/],
    ['https://127.0.0.1/', /non-public address: 127.0.0.1 is a loopback/],
    ['https://[::1]/', /loopback/],
    ['https://[::ffff:169.254.169.254]/', /linkLocal/],
    ['https://2130706433/', /loopback/], // 127.0.0.1 as one number: the URL parser normalizes it
    ['https://0x7f.1/', /loopback/],
    ['https://intranet/', /a name with a domain/],
  ];
  for (const [url, expected] of cases) {
    const why = urlRefusal(url);
    if (expected === null) assert.equal(why, null, url);
    else assert.match(why ?? 'allowed', expected, url);
  }
  const allow = parseAllowList('localhost,127.0.0.1');
  assert.equal(urlRefusal('http://localhost:3000/hook', allow), null);
  assert.equal(urlRefusal('http://127.0.0.1:3000/hook', allow), null);
  assert.match(urlRefusal('http://127.0.0.2:3000/hook', allow) as string, /must use https/);
});

const fakeDns =
  (table: Record<string, string[]>): Lookup =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

test('resolution: every address must be public; one private among public ones refuses the URL', async () => {
  const dns = fakeDns({
    'pos.example.com': ['93.184.216.34', '2606:4700::1111'],
    'rebind.example.com': ['93.184.216.34', '10.0.0.5'],
    'meta.example.com': ['169.254.169.254'],
    'dev.example.com': ['127.0.0.1'],
  });
  assert.equal(await resolvedRefusal('https://pos.example.com/h', undefined, dns), null);
  assert.match(
    (await resolvedRefusal('https://rebind.example.com/h', undefined, dns)) as string,
    /10\.0\.0\.5 is a private/,
  );
  assert.match((await resolvedRefusal('https://meta.example.com/h', undefined, dns)) as string, /linkLocal/);
  assert.match((await resolvedRefusal('https://nowhere.example.com/h', undefined, dns)) as string, /ENOTFOUND/);
  const allow = parseAllowList('dev.example.com');
  assert.equal(
    await resolvedRefusal('http://dev.example.com/h', allow, dns),
    null,
    'a named host is taken as it resolves',
  );
});

test('at send time the socket itself is refused a private address, unless the host is allowed', async () => {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  // The name resolves to loopback, as a re-pointed DNS record would.
  const dns = fakeDns({ 'hooks.example.com': ['127.0.0.1'] });
  const get = (lookup: ReturnType<typeof guardedLookup>) =>
    new Promise<string>((resolve, reject) => {
      const req = request({ host: 'hooks.example.com', port, path: '/', lookup: lookup as never }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      });
      req.on('error', reject);
      req.end();
    });
  try {
    await assert.rejects(get(guardedLookup(undefined, dns)), (err: NodeJS.ErrnoException) => {
      assert.equal(err.code, 'EADDRNOTALLOWED');
      assert.match(err.message, /127\.0\.0\.1 is a loopback address/);
      return true;
    });
    assert.equal(await get(guardedLookup(parseAllowList('hooks.example.com'), dns)), '200');
    assert.equal(await get(guardedLookup(parseAllowList('127.0.0.0/8'), dns)), '200');
  } finally {
    server.close();
  }
});

test('WEBHOOK_ALLOWED_HOSTS is read at start; a malformed entry stops the server there', async () => {
  const { loadConfig } = await import('../../src/config.js');
  assert.deepEqual([...(loadConfig({}).webhookAllowedHosts?.hosts ?? [])], []);
  const allow = loadConfig({ WEBHOOK_ALLOWED_HOSTS: 'localhost,10.0.0.0/8' }).webhookAllowedHosts;
  assert.equal(urlRefusal('http://localhost:4000/hooks', allow), null);
  assert.equal(addressRefusal('10.9.8.7', allow), null);
  assert.throws(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: 'localhost, not a host' }), /WEBHOOK_ALLOWED_HOSTS/);
});

test('urlRefusals answers as urlRefusal does, once per URL, within its bound', () => {
  const allow = parseAllowList('127.0.0.1');
  const refusal = urlRefusals(allow, 2);
  for (const url of ['http://127.0.0.1:9/x', 'http://10.0.0.1/x', 'https://hooks.example.com/x', 'ftp://a.b/']) {
    assert.equal(refusal(url), urlRefusal(url, allow));
    assert.equal(refusal(url), urlRefusal(url, allow)); // remembered
  }
  assert.equal(refusal('http://10.0.0.1/x'), urlRefusal('http://10.0.0.1/x', allow));
});
