/** A heading at the level the host page asks for (`heading-level`), clamped to h1-h6. */
import type { ReactNode } from 'react';

export function H({ level, children, className, id, tabIndex }: { level: number; children: ReactNode; className?: string; id?: string; tabIndex?: number }) {
  const n = Math.min(6, Math.max(1, Math.round(level) || 2));
  const Tag = `h${n}` as 'h2';
  return (
    <Tag className={className} id={id} tabIndex={tabIndex}>
      {children}
    </Tag>
  );
}
