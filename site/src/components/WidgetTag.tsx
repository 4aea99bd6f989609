/**
 * The census elements (<census-parser>, <census-report>) come from the widget bundle like any
 * partner's embed. Their JSX types arrive with widgets/generated once the census widgets land;
 * until then this renders the tag by name without declaring types that would clash with those.
 */
import { createElement, type ReactNode } from 'react';

interface Props {
  tag: 'census-parser' | 'census-report';
  className?: string;
  'case-id'?: string;
  'report-url'?: string;
  /** Boolean attributes of private mode (issue 29): React 19 sets the element's property, or the attribute before it is defined. */
  private?: boolean;
  'private-result'?: boolean;
  'no-heavy-lifting'?: boolean;
  theme?: 'light' | 'dark';
  children?: ReactNode;
}

export function WidgetTag({ tag, children, ...attrs }: Props) {
  return createElement(tag, attrs, children);
}
