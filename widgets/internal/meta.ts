/**
 * The shape of an element's meta.ts: the one source for the element's runtime attribute handling
 * (defineWidget), custom-elements.json, the TypeScript declarations and the docs.
 * Type texts (`typeText`, `detail`) are TypeScript source copied into benefold-widgets.d.ts.
 */
export type AttributeType = 'string' | 'boolean' | 'number' | 'json';

export interface AttributeMeta {
  /** kebab-case attribute name. */
  name: string;
  /** The matching property; camelCase of `name` when omitted. */
  property?: string;
  /** How the attribute's text becomes the property's value (see defineWidget). */
  type: AttributeType;
  /** TypeScript type of the property; by default string / boolean / number / unknown. */
  typeText?: string;
  /** The value used when the attribute and property are unset. */
  default?: string | number | boolean;
  description: string;
}

/** A property without an attribute (objects, callbacks). */
export interface PropertyMeta {
  name: string;
  typeText: string;
  description: string;
  readonly?: boolean;
}

export interface EventMeta {
  name: string;
  /** TypeScript type of `event.detail`. */
  detail: string;
  description: string;
  cancelable?: boolean;
}

export interface NamedDoc {
  name: string;
  description: string;
}

export interface CssPropertyMeta extends NamedDoc {
  default?: string;
}

/** The size budget of an element's first use (widgets/elements.mjs, BUDGETS). */
export type WidgetBudget = 'form' | 'census-parser' | 'census-report' | 'chart';

export interface WidgetMeta {
  tag: string;
  /** Which budget of widgets/elements.mjs its first use must meet (`npm run size`). */
  budget: WidgetBudget;
  /** Name of the element interface in the declarations, e.g. CaseStudyFormElement. */
  className: string;
  /** One line. */
  summary: string;
  /** Longer description (markdown). */
  description: string;
  attributes: readonly AttributeMeta[];
  properties?: readonly PropertyMeta[];
  events: readonly EventMeta[];
  cssParts: readonly NamedDoc[];
  cssProperties: readonly CssPropertyMeta[];
}

export function defineMeta<const M extends WidgetMeta>(meta: M): M {
  return meta;
}

/** camelCase of a kebab-case name: `api-base` -> `apiBase`. */
export function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function propertyName(attribute: AttributeMeta): string {
  return attribute.property ?? camelCase(attribute.name);
}

export function typeTextOf(attribute: AttributeMeta): string {
  if (attribute.typeText) return attribute.typeText;
  return attribute.type === 'json' ? 'unknown' : attribute.type;
}

/** The attribute rows several elements share, written once (each element's meta lists them). */
export const API_BASE_ATTRIBUTE = {
  name: 'api-base',
  type: 'string',
  description: "Product API origin. Falls back to `Benefold.configure({apiBase})`, the loader tag's `data-api-base`, then the origin widgets.js came from.",
} as const satisfies AttributeMeta;

export const CENSUS_API_BASE_ATTRIBUTE = {
  name: 'census-api-base',
  type: 'string',
  description: 'Census API origin (the "second host"). Falls back to `Benefold.configure({censusApiBase})`, `data-census-api-base`, then the product API origin.',
} as const satisfies AttributeMeta;
