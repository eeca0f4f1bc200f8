import { isIP } from 'node:net';

/**
 * Which addresses the server may send an OpenID provider's requests to (README "Single sign-on"):
 * the public internet only. Pure: an address in, its kind out. Addresses come from the WHATWG URL
 * parser (which already writes `127.1` and `0x7f000001` as `127.0.0.1`) or from the resolver, so
 * only the canonical forms need reading here; anything else is no address at all.
 */

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'shared'
  | 'multicast'
  | 'unspecified'
  | 'reserved';

/** How a refusal names the kind. */
export const ADDRESS_WORDS: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  'link-local': 'a link-local address (cloud metadata services live there)',
  'unique-local': 'a unique-local (private) IPv6 address',
  shared: 'a carrier-grade NAT (shared) address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  reserved: 'a reserved or documentation address',
};

/** Strict dotted-decimal IPv4 as a 32-bit number, or null. */
function ipv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** An IPv6 address as its 8 groups (a dotted IPv4 tail and `::` understood), or null. */
function ipv6(text: string): number[] | null {
  if (isIP(text) !== 6) return null;
  let tail: number[] = [];
  let head = text;
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4(dotted[1]);
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    head = `${text.slice(0, dotted.index)}:`;
    // `::1.2.3.4` leaves `::`; `::ffff:1.2.3.4` leaves `::ffff:`.
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, null];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const before = groups(left);
  const after = right === null ? [] : groups(right);
  const missing = 8 - before.length - after.length - tail.length;
  if (missing < 0 || (right === null && missing !== 0)) return null;
  return [...before, ...Array<number>(missing).fill(0), ...after, ...tail];
}

const inV4 = (value: number, base: string, bits: number) =>
  bits === 0 || value >>> (32 - bits) === (ipv4(base) ?? 0) >>> (32 - bits);

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const V4_RANGES: [string, number, AddressKind][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function kindOfV4(value: number): AddressKind {
  return V4_RANGES.find(([base, bits]) => inV4(value, base, bits))?.[2] ?? 'public';
}

const v4Of = (high: number, low: number) => ((high << 16) >>> 0) + low;

function kindOfV6(g: number[]): AddressKind {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address inside.
  if (zeros(0, 5) && g[5] === 0xffff) return kindOfV4(v4Of(g[6], g[7]));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return kindOfV4(v4Of(g[6], g[7]));
  // 6to4 (2002:aabb:ccdd::) carries the IPv4 address of its relay.
  if (g[0] === 0x2002) return kindOfV4(v4Of(g[1], g[2]));
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  // Site-local (deprecated, fec0::/10): a private network's.
  if ((g[0] & 0xffc0) === 0xfec0) return 'private';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  // IETF protocol assignments (Teredo among them) and documentation.
  if (g[0] === 0x2001 && (g[1] < 0x200 || g[1] === 0xdb8)) return 'reserved';
  // Global unicast is 2000::/3; the rest (IPv4-compatible ::a.b.c.d included) is not in use.
  return (g[0] & 0xe000) === 0x2000 ? 'public' : 'reserved';
}

/**
 * The kind of an IP address (IPv4 dotted, IPv6 with or without brackets and zone), or null when
 * the text is no IP address (a host name, to be resolved first).
 */
export function addressKind(address: string): AddressKind | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const v4 = ipv4(bare);
  if (v4 !== null) return kindOfV4(v4);
  const v6 = ipv6(bare);
  return v6 === null ? null : kindOfV6(v6);
}
