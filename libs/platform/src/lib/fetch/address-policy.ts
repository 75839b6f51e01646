import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Which addresses an outbound fetch may connect to. Only globally routable unicast addresses pass:
 * ipaddr.js classifies every other range (loopback, private, link-local with the cloud metadata
 * address 169.254.169.254, unique-local, carrier-grade NAT, unspecified, multicast, reserved,
 * and IPv6 forms that embed an IPv4 address: mapped, 6to4, Teredo, NAT64). An IPv4-mapped IPv6
 * address is judged as the IPv4 address it carries.
 *
 * The operator's allow list (`FETCH_ALLOW_HOSTS`) opens named hosts (whatever they resolve to),
 * single addresses and CIDR ranges, for imports from an intranet.
 */
export class AddressPolicy {
  private readonly hosts = new Set<string>();
  private readonly ranges: [Address, number][] = [];

  constructor(allow: readonly string[] = []) {
    for (const raw of allow) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      if (entry.includes('/')) this.ranges.push(normalizeRange(ipaddr.parseCIDR(entry)));
      else if (ipaddr.isValid(stripBrackets(entry))) {
        const address = normalize(ipaddr.parse(stripBrackets(entry)));
        this.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      } else this.hosts.add(entry.replace(/\.$/, ''));
    }
  }

  /** Whether a host name is on the allow list (then any address it resolves to may be used). */
  allowsHostName(hostname: string): boolean {
    return this.hosts.has(stripBrackets(hostname).toLowerCase().replace(/\.$/, ''));
  }

  /** Whether a host is an IP address literal (in the form a URL parser leaves it). */
  static isAddress(host: string): boolean {
    return ipaddr.isValid(stripBrackets(host));
  }

  /** Whether the address (any textual form ipaddr.js parses) may be connected to. */
  allowsAddress(text: string): boolean {
    let address: Address;
    try {
      address = normalize(ipaddr.parse(stripBrackets(text)));
    } catch {
      return false; // not an address at all: never connect on a guess
    }
    if (this.ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))) return true;
    return address.range() === 'unicast';
  }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** IPv4-mapped IPv6 (::ffff:a.b.c.d) becomes the IPv4 address it carries. */
function normalize(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

function normalizeRange([address, bits]: [Address, number]): [Address, number] {
  const normalized = normalize(address);
  return normalized === address ? [address, bits] : [normalized, Math.max(0, bits - 96)];
}
