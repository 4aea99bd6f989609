/**
 * defineWidget(tag, Component, meta, options): turns a React component into a custom element
 * through @r2wc/react-to-web-component (rendered by Preact in the bundle, via preact/compat).
 *
 * r2wc provides the shadow root (open), mounting into it, re-rendering and unmounting. Attribute and
 * property handling is ours, driven by meta.attributes / meta.properties, because r2wc's transforms
 * do not match the conventions (ARCHITECTURE.md, "Widget conventions"):
 *  - booleans by presence: `disabled`, `disabled=""` and even `disabled="false"` are true (as in
 *    HTML); absent is false. r2wc would parse the text.
 *  - JSON attributes: bad JSON warns and yields undefined; r2wc's JSON.parse would throw.
 *  - removing an attribute resets the property (r2wc ignores removals).
 *  - r2wc's "function" type looks names up on window; we have no such type.
 * Properties: every attribute has a camelCase property; meta.properties adds property-only ones
 * (objects). Only boolean properties reflect to their attribute. A property set on an element before
 * its definition loaded (the element existed, unupgraded) is picked up on upgrade and wins over the
 * attribute (the Lit/Shoelace "upgrade property" pattern).
 * Guarded definition: when the tag is already defined (a second bundle on the page), the existing
 * definition is kept; if its static `version` differs, one console.warn per tag.
 * Styles go through adoptedStyleSheets (see styles.ts); nothing sets a `style` attribute and nothing
 * evaluates strings, so the bundle runs under `script-src <origin>; style-src <origin>`.
 * Each instance gets its own store (options.createStore), passed to the component as `store`.
 * The component also receives `container`: the node it renders into (the shadow root, or an element
 * inside it where styles fall back to <style>); hostOf() in emit.ts finds the element from any node.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { propertyName, type AttributeMeta, type AttributeType, type WidgetMeta } from './meta';
import { adoptStyles, BASE_CSS } from './styles';
import { VERSION } from './version';

// r2wc keeps props and its render method under registered symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

export interface WidgetOptions {
  /** The element's own CSS, adopted after the shared base sheet. */
  styles?: string;
  /** Creates the per-instance store handed to the component as the `store` prop. */
  createStore?: () => unknown;
  /** Overrides the bundle version (tests). */
  version?: string;
}

export interface WidgetConstructor extends CustomElementConstructor {
  readonly version: string;
  readonly meta: WidgetMeta;
}

interface R2wcElement extends HTMLElement {
  /** Where r2wc mounts the component (its constructor sets the shadow root). */
  container: Node;
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
}

const warned = new Set<string>();

/** Attribute text -> property value, per the conventions above. Never throws. */
export function parseAttribute(type: AttributeType, value: string | null, context = ''): unknown {
  switch (type) {
    case 'boolean':
      return value !== null;
    case 'number': {
      if (value === null || value.trim() === '') return undefined;
      const n = Number(value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'json':
      if (value === null) return undefined;
      try {
        return JSON.parse(value);
      } catch {
        console.warn(`Benefold: ${context || 'attribute'} is not valid JSON; ignored.`);
        return undefined;
      }
    default:
      return value ?? undefined;
  }
}

export function defineWidget<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  meta: WidgetMeta,
  options: WidgetOptions = {},
): WidgetConstructor {
  const version = options.version ?? VERSION;
  const existing = customElements.get(tag) as WidgetConstructor | undefined;
  if (existing) {
    if (existing.version !== version && !warned.has(tag)) {
      warned.add(tag);
      console.warn(
        `Benefold: <${tag}> is already defined by version ${existing.version ?? '(unknown)'}; ` +
          `this bundle (${version}) keeps that definition. Include widgets.js once per page.`,
      );
    }
    return existing;
  }

  type Attr = AttributeMeta & { prop: string };
  const attributes: Attr[] = meta.attributes.map((a) => ({ ...a, prop: propertyName(a) }));
  const byAttribute = new Map(attributes.map((a) => [a.name, a]));
  const booleanAttribute = new Map(attributes.filter((a) => a.type === 'boolean').map((a) => [a.prop, a.name]));
  const defaults: Record<string, unknown> = {};
  for (const a of attributes) if (a.default !== undefined) defaults[a.prop] = a.default;
  const propertyNames = [
    ...attributes.map((a) => a.prop),
    ...(meta.properties ?? []).filter((p) => !p.readonly).map((p) => p.name),
  ];

  const Base = r2wc(Component as ComponentType<object>, { shadow: 'open' }) as unknown as new () => R2wcElement;
  const pending = new WeakMap<HTMLElement, Map<string, unknown>>();
  const styles = [['bf-base', BASE_CSS], [tag, options.styles ?? '']] as const;

  class BenefoldElement extends Base {
    static readonly version = version;
    static readonly meta = meta;
    static get observedAttributes(): string[] {
      return attributes.map((a) => a.name);
    }

    #connected = false;

    constructor() {
      super();
      const mount = adoptStyles(this.shadowRoot!, styles);
      this.container = mount;
      this[PROPS].container = mount;
      if (options.createStore) this[PROPS].store = options.createStore();
      // Upgrade properties set while the element was not yet defined: they are own properties
      // shadowing our accessors. Re-set them through the accessors now, and once more after the
      // upgrade's attribute callbacks (a microtask later) so that the property wins.
      const saved = new Map<string, unknown>();
      for (const name of propertyNames) {
        if (Object.prototype.hasOwnProperty.call(this, name)) {
          const value = (this as Record<string, unknown>)[name];
          delete (this as Record<string, unknown>)[name];
          saved.set(name, value);
        }
      }
      if (saved.size) {
        pending.set(this, saved);
        for (const [name, value] of saved) this.#apply(name, value);
        queueMicrotask(() => {
          const left = pending.get(this);
          pending.delete(this);
          if (left) for (const [name, value] of left) this.#apply(name, value);
        });
      }
    }

    override connectedCallback(): void {
      this.#connected = true;
      super.connectedCallback();
    }

    override disconnectedCallback(): void {
      this.#connected = false;
      super.disconnectedCallback();
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const a = byAttribute.get(name);
      if (!a) return;
      const next = parseAttribute(a.type, value, `the ${name} attribute of <${tag}>`);
      const props = this[PROPS];
      if (a.type !== 'json' && Object.is(props[a.prop], next)) return;
      props[a.prop] = next;
      this.#render();
    }

    // r2wc renders on every attribute callback, even during the upgrade before the element is
    // connected; render only while connected (connectedCallback does the first render).
    override [RENDER](): void {
      if (this.#connected) super[RENDER]();
    }

    #render(): void {
      this[RENDER]();
    }

    /** A property set by the page: it replaces any value still pending from the upgrade. */
    #set(name: string, value: unknown): void {
      pending.get(this)?.delete(name);
      this.#apply(name, value);
    }

    #apply(name: string, value: unknown): void {
      const attribute = booleanAttribute.get(name);
      const props = this[PROPS];
      if (attribute) {
        value = !!value;
        // Reflect. attributeChangedCallback usually stores and renders; not while the element is
        // being upgraded (no callbacks inside the constructor), hence the store below.
        if (this.hasAttribute(attribute) !== value) this.toggleAttribute(attribute, value as boolean);
        if (props[name] === value) return;
      }
      props[name] = value;
      this.#render();
    }

    static {
      for (const name of propertyNames) {
        Object.defineProperty(this.prototype, name, {
          configurable: true,
          enumerable: true,
          get(this: BenefoldElement) {
            const value = this[PROPS][name];
            return value === undefined ? defaults[name] : value;
          },
          set(this: BenefoldElement, value: unknown) {
            this.#set(name, value);
          },
        });
      }
    }
  }

  customElements.define(tag, BenefoldElement);
  return BenefoldElement as unknown as WidgetConstructor;
}
