/**
 * The site's repeated page section: a titled band (eyebrow, heading, optional lead) over its content,
 * and the card grid most sections hold. Written once here instead of in every page; the markup is
 * what the pages wrote by hand (`section` / `section-alt`, `container`, `section-head`, the heading's
 * id `<id>-title` that labels the section).
 */
import { createElement, type ReactNode } from 'react';
import { Reveal } from './Reveal';

export interface SectionProps {
  /** The heading's id is `${id}-title`, and the section is labelled by it. */
  id: string;
  eyebrow: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  /** The tinted band (`section-alt`). */
  alt?: boolean;
  /** The head centred. */
  center?: boolean;
  /** The head's reveal duration (a CSS value, e.g. `var(--reveal-1)`). */
  headDuration?: string;
  /** More classes on the section, after `section` and `section-alt`. */
  className?: string;
  /** The section element's own id (an in-page anchor). */
  anchor?: string;
  children: ReactNode;
}

export function Section({ id, eyebrow, title, lead, alt, center, headDuration, className, anchor, children }: SectionProps) {
  const classes = ['section', alt ? 'section-alt' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section className={classes} id={anchor} aria-labelledby={`${id}-title`}>
      <div className="container">
        <Reveal className={center ? 'section-head center' : 'section-head'} duration={headDuration}>
          <span className="eyebrow">{eyebrow}</span>
          <h2 id={`${id}-title`}>{title}</h2>
          {lead !== undefined && <p className="lead">{lead}</p>}
        </Reveal>
        {children}
      </div>
    </section>
  );
}

/** A list of cards in a grid of `columns` columns (a `ul`, or an `ol` when the order means something). */
export function CardGrid({ columns, as = 'ul', className, children }: { columns: 3 | 4; as?: 'ul' | 'ol'; className?: string; children: ReactNode }) {
  return createElement(as, { className: ['grid', `grid-${columns}`, className ?? ''].filter(Boolean).join(' '), style: { listStyle: 'none', padding: 0 } }, children);
}
