/**
 * E-mail addresses checked to the limits of RFC 5321 (lengths) and RFC 5322 (dot-atom syntax)
 * before anything is stored or sent. Deliberately stricter than the RFCs where the RFCs allow what
 * no real mailbox uses and what attackers like: no quoted local parts, no IP-literal domains, no
 * comments, no commas or spaces, no control, zero-width or non-ASCII characters.
 *   - whole address at most 254 characters; local part 1-64, no dot at either end, no ".."
 *   - domain: at least two labels, each 1-63 letters, digits or hyphens, not starting or ending
 *     with a hyphen; a top-level label of letters (or an xn-- IDN label); at most 253 characters
 * A trailing dot on the domain is dropped. The address is returned as given otherwise.
 */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export const ADDRESS_LIMITS = { total: 254, local: 64, domain: 253, label: 63 } as const;

/** The address (trimmed, trailing domain dot dropped) when it passes; null otherwise. */
export function checkAddress(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value.length === 0 || value.length > ADDRESS_LIMITS.total + 1) return null;
  // eslint-disable-next-line no-control-regex
  if (/[^\x21-\x7e]/.test(value)) return null; // controls, spaces, zero-width and any non-ASCII
  const at = value.lastIndexOf('@');
  if (at <= 0 || value.indexOf('@') !== at) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).replace(/\.$/, '');
  if (local.length > ADDRESS_LIMITS.local || !LOCAL.test(local)) return null;
  if (domain.length === 0 || domain.length > ADDRESS_LIMITS.domain || domain.startsWith('[')) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels[labels.length - 1])) return null;
  const address = `${local}@${domain}`;
  return address.length <= ADDRESS_LIMITS.total ? address : null;
}

/** True when the text holds a lone surrogate (not well-formed UTF-16): refused, never stored. */
export function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
