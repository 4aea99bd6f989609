/**
 * The sticky navigation (product-spec section 2): Platforms dropdown (hover or click, closes
 * TIMING.dropdownCloseDelayMs after the pointer leaves, Escape closes, keyboard operable), Blog and
 * Jobs (external), Case Study, Tools, About Us, Login (external app). Under the mobile breakpoint a
 * slide-in menu with an expandable Platforms group and a focus trap replaces the links.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { TIMING } from '../../../shared/constants';
import { Logo } from '../components/Logo';
import { PLATFORMS } from '../content/nav';
import { MobileMenu } from './MobileMenu';

function PlatformsDropdown() {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  // With a mouse, hover already opened the panel, so a click only (re)opens it; leaving closes it.
  // Touch and keyboard clicks toggle.
  const pointerType = useRef('');
  const panelId = useId();
  const { pathname } = useLocation();
  const active = PLATFORMS.some((p) => p.to === pathname) || pathname === '/platforms';

  const cancelClose = () => clearTimeout(closeTimer.current);
  const closeLater = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), TIMING.dropdownCloseDelayMs);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => setOpen(false), [pathname]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div
      className={`dropdown${open ? ' open' : ''}`}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        cancelClose();
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse') closeLater();
      }}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`nav-link dropdown-trigger${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onPointerDown={(e) => (pointerType.current = e.pointerType)}
        onClick={(e) => {
          cancelClose();
          const mouseClick = e.detail > 0 && pointerType.current === 'mouse';
          pointerType.current = '';
          if (mouseClick) setOpen(true);
          else setOpen((o) => !o);
        }}
      >
        Platforms
        <svg className="chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <div className="dropdown-panel" id={panelId}>
        <ul>
          {PLATFORMS.map((p) => (
            <li key={p.to}>
              <NavLink to={p.to} className="dropdown-item">
                <img src={p.icon} alt="" width="36" height="36" />
                <span>
                  <strong>{p.name}</strong>
                  <span>{p.description}</span>
                </span>
              </NavLink>
            </li>
          ))}
        </ul>
        <Link to="/platforms" className="dropdown-all">
          Compare both platforms <span aria-hidden="true">→</span>
        </Link>
      </div>
    </div>
  );
}

export function Nav() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [pathname]);
  const close = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

  // The menu sits beside the header, not in it: the header's backdrop-filter would make it the
  // containing block of the fixed-position menu and clip the menu to the bar.
  return (
    <>
      <header className="nav">
        <div className="nav-inner">
          <Link to="/" className="nav-logo" aria-label={`${BRAND.name} home`}>
            <Logo />
          </Link>
          <nav className="nav-links" aria-label="Main">
            <PlatformsDropdown />
            <a className="nav-link" href={BRAND.links.blog}>
              Blog
            </a>
            <a className="nav-link" href={BRAND.links.jobs}>
              Jobs
            </a>
            <NavLink className="nav-link" to="/case-study">
              Case Study
            </NavLink>
            <NavLink className={({ isActive }) => `nav-link${isActive || pathname.startsWith('/tools') ? ' active' : ''}`} to="/tools/census">
              Tools
            </NavLink>
            <NavLink className="nav-link" to="/aboutus">
              About Us
            </NavLink>
          </nav>
          <a className="btn btn-primary nav-login" href={BRAND.links.app}>
            Login
          </a>
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label="Open menu"
            onClick={() => setMenuOpen(true)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </header>
      <MobileMenu open={menuOpen} onClose={close} />
    </>
  );
}
