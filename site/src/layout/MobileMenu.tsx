/**
 * The slide-in menu under the mobile breakpoint: a modal dialog that keeps focus inside while open
 * (Tab wraps), closes on Escape, on the backdrop and on navigation, and has an expandable Platforms
 * group.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { PLATFORMS } from '../content/nav';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const [platformsOpen, setPlatformsOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const html = document.documentElement;
    html.classList.add('menu-open');
    return () => html.classList.remove('menu-open');
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={`mobile-menu${open ? ' open' : ''}`} hidden={!open} onKeyDown={onKeyDown}>
      <div className="mobile-backdrop" onClick={onClose} />
      <div ref={panel} className="mobile-panel" id="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu">
        <button type="button" className="menu-close" aria-label="Close menu" onClick={onClose}>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <nav aria-label="Mobile">
          <ul className="mobile-list">
            <li>
              <button type="button" className="mobile-link mobile-group" aria-expanded={platformsOpen} aria-controls="mobile-platforms" onClick={() => setPlatformsOpen((o) => !o)}>
                Platforms
                <svg className="chevron" width="14" height="14" viewBox="0 0 12 12" aria-hidden="true">
                  <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                </svg>
              </button>
              <ul id="mobile-platforms" className="mobile-sub" hidden={!platformsOpen}>
                {PLATFORMS.map((p) => (
                  <li key={p.to}>
                    <NavLink to={p.to} className="mobile-link">
                      <strong>{p.name}</strong>
                      <span>{p.description}</span>
                    </NavLink>
                  </li>
                ))}
                <li>
                  <NavLink to="/platforms" className="mobile-link">
                    <strong>Compare both platforms</strong>
                  </NavLink>
                </li>
              </ul>
            </li>
            <li>
              <a className="mobile-link" href={BRAND.links.blog}>
                Blog
              </a>
            </li>
            <li>
              <a className="mobile-link" href={BRAND.links.jobs}>
                Jobs
              </a>
            </li>
            <li>
              <NavLink className="mobile-link" to="/case-study">
                Case Study
              </NavLink>
            </li>
            <li>
              <NavLink className="mobile-link" to="/tools/census">
                Tools
              </NavLink>
            </li>
            <li>
              <NavLink className="mobile-link" to="/aboutus">
                About Us
              </NavLink>
            </li>
          </ul>
        </nav>
        <a className="btn btn-primary mobile-login" href={BRAND.links.app}>
          Login
        </a>
      </div>
    </div>
  );
}
