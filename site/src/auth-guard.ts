/**
 * The guard in front of /login and /signup (the spec leaves its rule open; docs/decisions.md):
 * they are guest-only pages. Accounts live in the external app; when it signs someone in it sets
 * a `bf_session` marker cookie on the parent domain. A visitor who carries that marker is already
 * signed in, so the guard replaces the page with the app instead of showing a second sign-in.
 */
import { BRAND } from '../../shared/brand';

export const SESSION_COOKIE = 'bf_session';

export function hasSession(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookie.split(';').some((c) => {
    const [name, value] = c.trim().split('=');
    return name === SESSION_COOKIE && !!value;
  });
}

/** Runs the guard: true when the page may show, false when it is leaving for the app. */
export function guestOnly(): boolean {
  if (!hasSession()) return true;
  window.location.replace(BRAND.links.app);
  return false;
}
