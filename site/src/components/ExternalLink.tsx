import type { AnchorHTMLAttributes } from 'react';

/** A link to another site that opens in a new tab (and says so to screen readers). */
export function NewTabLink({ children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
