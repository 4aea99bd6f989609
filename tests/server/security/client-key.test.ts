/**
 * Who sent a case, as fair sharing counts it (security/client-key.ts): one key per IPv4 address,
 * per IPv6 /64 (however the address is written), per e-mail sender; the key is a keyed hash that
 * holds nothing of the address.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientKeys, mailClient, webClient } from '../../../server/security/client-key';

describe('client keys', () => {
  it('groups an IPv6 /64 however it is written, and reads an IPv4-mapped address as IPv4', () => {
    expect(webClient('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(webClient('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
    expect(webClient('::ffff:cb00:7107')).toBe('ip:203.0.113.7');
    const a = webClient('2001:db8:0:1::5');
    expect(a).toBe('ip6:2001:db8:0:1::/64');
    expect(webClient('2001:0db8:0000:0001:ffff:0:0:9')).toBe(a);
    expect(webClient('2001:db8::1:0:0:0:9')).toBe(a);
    expect(webClient('2001:db8:0:2::5')).not.toBe(a);
    expect(webClient('::1')).toBe('ip6:0:0:0:0::/64');
  });

  it('counts an e-mailed census by its sender, or its IP without one', () => {
    expect(mailClient('HR@Acme.example', '198.51.100.1')).toBe('mail:hr@acme.example');
    expect(mailClient('', '198.51.100.1')).toBe('ip:198.51.100.1');
  });

  it('stores a keyed hash: stable for one key, different under another, nothing of the address', () => {
    const key = clientKeys(randomBytes(32));
    const k = key(webClient('203.0.113.7'));
    expect(k).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key(webClient('203.0.113.7'))).toBe(k);
    expect(clientKeys(randomBytes(32))(webClient('203.0.113.7'))).not.toBe(k);
  });
});
