import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client under. An IPv4 address is its own key (an IPv4
 * address mapped into IPv6 too); an IPv6 address is keyed by its /64, since one subscriber is
 * usually given a whole /64 and could otherwise take a fresh address for every request.
 */
export function addressKey(ip: string): string {
  // No colon, no IPv6: most clients are IPv4, and node's isIPv6 is a long regular expression run on every request.
  if (!ip.includes(':') || !isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] ?? 0, groups[7] ?? 0].flatMap((group) => [group >> 8, group & 0xff]).join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and an embedded IPv4 tail split in two. */
function ipv6Groups(ip: string): number[] {
  const [address = ''] = ip.split('%');
  const [head = '', tail] = address.split('::');
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!isIPv4(group)) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}
