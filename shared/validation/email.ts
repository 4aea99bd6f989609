/**
 * E-mail checks shared by the widgets and the server.
 *
 * The free-mail rule (BRAND.md): a domain is blocked when it IS a blocked provider or belongs to one,
 * matched case-insensitively and ignoring a trailing dot. "Belongs to" covers sub-domains
 * (mail.yahoo.com) and regional domains of the same provider (yahoo.co.uk, hotmail.fr,
 * outlook.com.au): the provider's label followed only by a public-suffix-like tail of 2- or 3-letter
 * labels (co, com, uk, fr, ...), anywhere after a dot or at the start.
 */
import { BRAND } from '../brand';

/** A basic pattern: something@something.tld, no spaces, one @. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+\.?$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The domain part of an address, lower-cased and without a trailing dot ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.trim().lastIndexOf('@');
  if (at < 0) return '';
  return email.trim().slice(at + 1).toLowerCase().replace(/\.+$/, '');
}

const providerLabels = BRAND.blockedEmailDomains.map((d) => d.split('.')[0]);

/** True when the domain belongs to one of the blocked free-mail providers. */
export function isBlockedDomain(domain: string): boolean {
  const d = domain.trim().toLowerCase().replace(/\.+$/, '');
  if (!d) return false;
  const labels = d.split('.');
  for (const blocked of BRAND.blockedEmailDomains) {
    if (d === blocked || d.endsWith(`.${blocked}`)) return true;
  }
  // Regional variants: <provider>.<tld-ish labels>, e.g. yahoo.co.uk, hotmail.fr, mail.outlook.com.br.
  for (let i = 0; i < labels.length - 1; i++) {
    if (!providerLabels.includes(labels[i])) continue;
    const tail = labels.slice(i + 1);
    if (tail.length >= 1 && tail.length <= 2 && tail.every((l) => /^[a-z]{2,3}$/.test(l))) return true;
  }
  return false;
}

/** The blocked domain of an address, or null when the address is allowed. */
export function blockedDomainOf(email: string): string | null {
  const domain = emailDomain(email);
  return isBlockedDomain(domain) ? domain : null;
}
