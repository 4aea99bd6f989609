/**
 * defineWidget(tag, Component, meta, options): turns a React component into a custom element. The
 * element is ours outright (issue 27): it attaches an open shadow root, renders the component into it
 * with React's public root API (`createRoot` from react-dom/client; Preact's via preact/compat in the
 * bundle), re-renders on changes and unmounts when it leaves the page. It replaced
 * @r2wc/react-to-web-component, whose attribute transforms did not match our conventions and whose
 * props and render method we could only reach through its private registered symbols.
 *
 * Attribute and property handling is driven by meta.attributes / meta.properties
 * (ARCHITECTURE.md, "Widget conventions"):
 *  - booleans by presence: `disabled`, `disabled=""` and even `disabled="false"` are true (as in
 *    HTML); absent is false.
 *  - JSON attributes: bad JSON warns and yields undefined (never an exception).
 *  - removing an attribute resets the property.
 * Properties: every attribute has a camelCase property; meta.properties adds property-only ones
 * (objects). Only boolean properties reflect to their attribute. A property set on an element before
 * its definition loaded (the element existed, unupgraded) is picked up on upgrade and wins over the
 * attribute (the Lit/Shoelace "upgrade property" pattern).
 * Rendering waits for connectedCallback (no render during the upgrade's attribute callbacks); a
 * disconnect unmounts, a reconnect mounts again (state lives in the per-instance store).
 * Guarded definition: when the tag is already defined (a second bundle on the page), the existing
 * definition is kept; if its static `version` differs, one console.warn per tag.
 * Styles go through adoptedStyleSheets (see styles.ts); nothing sets a `style` attribute and nothing
 * evaluates strings, so the bundle runs under `script-src <origin>; style-src <origin>`.
 * Each instance gets its own store (options.createStore), passed to the component as `store`.
 * The component also receives `container`: the node it renders into (the shadow root, or an element
 * inside it where styles fall back to <style>); hostOf() in emit.ts finds the element from any node.
 */
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { propertyName, type AttributeMeta, type AttributeType, type WidgetMeta } from './meta';
import { adoptStyles, BASE_CSS } from './styles';
import { VERSION } from './version';

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

  const pending = new WeakMap<HTMLElement, Map<string, unknown>>();
  const styles = [['bf-base', BASE_CSS], [tag, options.styles ?? '']] as const;

  class BenefoldElement extends HTMLElement {
    static readonly version = version;
    static readonly meta = meta;
    static get observedAttributes(): string[] {
      return attributes.map((a) => a.name);
    }

    /** The component's props: attribute and property values, `container` and `store`. */
    #props: Record<string, unknown> = {};
    /** Where the component is rendered (the shadow root, or a node inside it). */
    readonly container: Node;
    #root: Root | null = null;
    #connected = false;

    constructor() {
      super();
      const mount = adoptStyles(this.attachShadow({ mode: 'open' }), styles);
      this.container = mount;
      this.#props.container = mount;
      if (options.createStore) this.#props.store = options.createStore();
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

    connectedCallback(): void {
      this.#connected = true;
      this.#render();
    }

    disconnectedCallback(): void {
      this.#connected = false;
      this.#root?.unmount();
      this.#root = null;
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const a = byAttribute.get(name);
      if (!a) return;
      const next = parseAttribute(a.type, value, `the ${name} attribute of <${tag}>`);
      const props = this.#props;
      if (a.type !== 'json' && Object.is(props[a.prop], next)) return;
      props[a.prop] = next;
      this.#render();
    }

    /** Renders while connected (connectedCallback does the first render, which mounts). */
    #render(): void {
      if (!this.#connected) return;
      this.#root ??= createRoot(this.container as Element);
      // A copy: React compares props by identity between renders.
      this.#root.render(createElement(Component as ComponentType<object>, { ...this.#props }));
    }

    /** A property set by the page: it replaces any value still pending from the upgrade. */
    #set(name: string, value: unknown): void {
      pending.get(this)?.delete(name);
      this.#apply(name, value);
    }

    #apply(name: string, value: unknown): void {
      const attribute = booleanAttribute.get(name);
      const props = this.#props;
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
            const value = this.#props[name];
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
