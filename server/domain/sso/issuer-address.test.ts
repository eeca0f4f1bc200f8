import { addressKind } from './issuer-address';

/** The host of a URL as the WHATWG parser writes it: the form the checks are given. */
const hostOf = (url: string) => new URL(url).hostname;

describe('addressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
  ])('IPv4 %s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    // Teredo.
    ['2001:0:4136:e378::1', 'reserved'],
    // IPv4-compatible (deprecated).
    ['::7f00:1', 'reserved'],
    ['100::1', 'reserved'],
  ])('IPv6 %s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:169.254.169.254]', 'link-local'],
    ['::ffff:a00:1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::8.8.8.8', 'public'],
  ])('an IPv4 address inside IPv6, %s, is judged as IPv4: %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['https://127.1/', 'loopback'],
    ['https://0x7f000001/', 'loopback'],
    ['https://2130706433/', 'loopback'],
    ['https://0177.0.0.1/', 'loopback'],
    ['https://[::1]:8443/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'link-local'],
    ['https://0xa9.0xfe.0xa9.0xfe/', 'link-local'],
    ['https://10.1/', 'private'],
    ['https://0/', 'unspecified'],
  ])('a URL host written otherwise, %s, is read as the URL parser reads it: %s', (url, kind) => {
    expect(addressKind(hostOf(url))).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '20.190.128.1',
    '142.250.74.206',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81c::200e',
    '2001:4860:4860::8888',
  ])('public %s is allowed', (address) => {
    expect(addressKind(address)).toBe('public');
  });

  it.each(['login.example.org', 'localhost', '127.0.0.1.nip.io', '1.2.3', '256.1.1.1', '::g', ''])(
    '%s is no address (a host name to resolve, or nothing)',
    (text) => {
      expect(addressKind(text)).toBeNull();
    },
  );
});
