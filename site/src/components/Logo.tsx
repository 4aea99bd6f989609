/** The Benefold mark: two folded planes forming a "B"-like shield. Original artwork. */
import { BRAND } from '../../../shared/brand';

export function LogoMark({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role={title ? 'img' : undefined} aria-hidden={title ? undefined : true} aria-label={title}>
      <defs>
        <linearGradient id="bf-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b9bff" />
          <stop offset="1" stopColor="#4f5fe8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#bf-logo-g)" />
      <path d="M10 7h7.5a5 5 0 0 1 2.9 9.1A5.5 5.5 0 0 1 18 26h-8z" fill="#fff" opacity=".95" />
      <path d="M13.5 10.5v4.2h3.6a2.1 2.1 0 0 0 0-4.2zm0 7.4v4.6h4.1a2.3 2.3 0 0 0 0-4.6z" fill="#4f5fe8" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo-word">{BRAND.name}</span>
    </span>
  );
}
