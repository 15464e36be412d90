/**
 * What a lock node's data may say of the client that made it, as clients write it there: an IP
 * address (Curator's default data), or a host (a Kazoo identifier). It is what the client wrote,
 * not what ZooKeeper saw of its connection; a recipe module says which rule its nodes follow.
 */
import type { NodeData } from '../../protocol';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
// Java's Inet6Address.getHostAddress() ends a link-local address with its scope (`%eth0`, `%2`).
const SCOPE = /%[\w.-]+$/;
const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
// A dotted name whose last label is no number (`1.2.3` is no host); a single label only with a port or pid after it (`worker-3:4711`).
const DOTTED_HOST = new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})*\\.[a-z][a-z0-9-]*(?::\\d{1,7})?$`, 'i');
const LABEL_AND_NUMBER = new RegExp(`^${HOST_LABEL}:\\d{1,7}$`, 'i');
const PORT = /^\d{1,5}$/;

/** Whether `text` is an IPv4 address in dotted decimal. */
export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** Whether `text` is an IPv6 address, compressed (`::1`) or whole as Java writes it (`fe80:0:0:0:…%eth0`), an IPv4 tail allowed. */
export function isIpv6(text: string): boolean {
  const address = text.replace(SCOPE, '');
  if (address.length === 0 || address.length > 45 || !address.includes(':')) return false;
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string | undefined): string[] => (half === undefined || half === '' ? [] : half.split(':'));
  const all = [...groups(halves[0]), ...groups(halves[1])];
  // A last group in dotted decimal stands for two groups (`::ffff:10.0.0.1`).
  const last = all.at(-1);
  const ipv4Tail = last !== undefined && isIpv4(last);
  const hex = ipv4Tail ? all.slice(0, -1) : all;
  if (!hex.every((group) => HEX_GROUP.test(group))) return false;
  const count = hex.length + (ipv4Tail ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

/** Whether `text` is an IP address (IPv4 or IPv6) and nothing else. */
export function isIpAddress(text: string): boolean {
  return isIpv4(text) || isIpv6(text);
}

/** The data as a client's IP address, when the data is exactly one written as text (Curator's default data); null otherwise. */
export function ipAddressIn(data: NodeData | null): string | null {
  const text = data?.text;
  return text != null && !data!.truncated && isIpAddress(text) ? text : null;
}

/**
 * The data as a client's address or host, when it is one written as text: an IP address, with a
 * port after it (`10.0.0.5:4711`, `[::1]:4711`), or a host name (`worker-3.example.com`, with a port
 * or pid: `worker-3:4711`); null for other text (`contender-1`) and for binary data.
 */
export function hostIn(data: NodeData | null): string | null {
  const address = ipAddressIn(data);
  if (address !== null) return address;
  const text = data?.text;
  if (text == null || data!.truncated || text.length > 261) return null;
  const bracketed = /^\[([^\]]+)\]:(\d+)$/.exec(text);
  if (bracketed !== null) return isIpv6(bracketed[1]!) && PORT.test(bracketed[2]!) ? text : null;
  const colon = text.lastIndexOf(':');
  if (colon > 0 && isIpv4(text.slice(0, colon)) && PORT.test(text.slice(colon + 1))) return text;
  return DOTTED_HOST.test(text) || LABEL_AND_NUMBER.test(text) ? text : null;
}
