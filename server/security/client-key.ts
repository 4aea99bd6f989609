/**
 * Who sent a census case, as the job queue's fair sharing needs it (jobs/queue.ts): a keyed hash
 * (HMAC-SHA256 under a key derived for this purpose, 'census-client', first 16 bytes, base64url) of
 * the client's address, so that cases of one client are counted together while the address itself
 * is never at rest. A web or API upload is its IP (IPv6 by its /64, the block one subscriber gets;
 * an IPv4-mapped address as IPv4); a census by e-mail is its envelope sender (a mail relay's IP is
 * shared by all its users), or the IP when there is none.
 */
import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';

export type ClientKey = (who: string) => string;

/** The purpose the key is derived for (security/keys.ts deriveKey). */
export const CLIENT_KEY_PURPOSE = 'census-client';

export function clientKeys(key: Buffer): ClientKey {
  return (who) => createHmac('sha256', key).update(who, 'utf8').digest().subarray(0, 16).toString('base64url');
}

/** The eight groups of an IPv6 address, expanded ('::' filled, an embedded IPv4 as two groups). */
function ipv6Groups(ip: string): string[] {
  let s = ip.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    s = s.slice(0, v4.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => g.replace(/^0+(?=.)/, ''));
}

/** A web or API client: its IP (IPv6 by its /64). */
export function webClient(ip: string): string {
  if (!isIPv6(ip)) return `ip:${ip}`;
  const g = ipv6Groups(ip);
  // ::ffff:a.b.c.d is an IPv4 client reached over a dual-stack socket.
  if (g.slice(0, 5).every((x) => x === '0') && g[5] === 'ffff') {
    const n = (parseInt(g[6], 16) << 16) | parseInt(g[7], 16);
    return `ip:${[n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.')}`;
  }
  return `ip6:${g.slice(0, 4).join(':')}::/64`;
}

/** A census by e-mail: its envelope sender, or the IP it came from when it has none. */
export function mailClient(sender: string, ip: string): string {
  return sender ? `mail:${sender.toLowerCase()}` : webClient(ip);
}
