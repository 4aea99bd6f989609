/**
 * defineWidget's conventions (ARCHITECTURE.md, "Widget conventions"), under React 18 (the bundle
 * renders with Preact; built-bundle.test.ts covers that path).
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineWidget, parseAttribute, type WidgetConstructor } from '../../widgets/internal/define-widget';
import { emit, hostOf } from '../../widgets/internal/emit';
import { defineMeta } from '../../widgets/internal/meta';
import { createWidgetStore, useOwnStore, useStore, type StoreApi } from '../../widgets/internal/store';
import { waitUntil } from '../support/wait';

// act() from react needs this flag (testing-library sets it only around its own helpers).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let n = 0;
const uniqueTag = (name: string) => `x-${name}-${++n}`;

const metaFor = (tag: string) =>
  defineMeta({
    tag,
    budget: 'form',
    className: 'XElement',
    summary: 'test element',
    description: '',
    attributes: [
      { name: 'label', type: 'string', default: 'default label', description: '' },
      { name: 'count', type: 'number', description: '' },
      { name: 'disabled', type: 'boolean', default: false, description: '' },
      { name: 'config', type: 'json', description: '' },
    ],
    properties: [{ name: 'items', typeText: 'string[]', description: '' }],
    events: [],
    cssParts: [],
    cssProperties: [],
  });

interface Props {
  label?: string;
  count?: number;
  disabled?: boolean;
  config?: unknown;
  items?: string[];
  container?: ShadowRoot;
}

function Probe(props: Props) {
  return (
    <output part="out">
      {JSON.stringify({
        label: props.label ?? null,
        count: props.count ?? null,
        disabled: props.disabled ?? null,
        config: props.config ?? null,
        items: props.items ?? null,
      })}
    </output>
  );
}

type XElement = HTMLElement & Props & Record<string, unknown>;

function define(tag = uniqueTag('probe'), options = {}) {
  return defineWidget(tag, Probe, metaFor(tag), { version: '1.0.0', ...options });
}

async function mount(tag: string, html = '') {
  const holder = document.createElement('div');
  holder.innerHTML = `<${tag} ${html}></${tag}>`;
  await act(async () => {
    document.body.append(holder);
  });
  return holder.firstElementChild as XElement;
}

const rendered = (el: HTMLElement) => JSON.parse(el.shadowRoot!.querySelector('output')!.textContent!);

afterEach(async () => {
  await act(async () => document.body.replaceChildren());
  vi.restoreAllMocks();
});

describe('defineWidget', () => {
  it('defines the tag with an open shadow root, a static version and the meta', async () => {
    const tag = uniqueTag('basic');
    const El = define(tag);
    expect(customElements.get(tag)).toBe(El);
    expect(El.version).toBe('1.0.0');
    expect(El.meta.tag).toBe(tag);
    const el = await mount(tag);
    expect(el.shadowRoot?.mode).toBe('open');
    expect(rendered(el)).toMatchObject({ label: null, disabled: null });
    expect(el.label).toBe('default label'); // the meta default when unset
  });

  it('is guarded: a second definition keeps the first, and a different version warns once', () => {
    const tag = uniqueTag('guard');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = define(tag);
    expect(define(tag)).toBe(first);
    expect(warn).not.toHaveBeenCalled();
    const second = defineWidget(tag, Probe, metaFor(tag), { version: '2.0.0' });
    expect(second).toBe(first);
    defineWidget(tag, Probe, metaFor(tag), { version: '3.0.0' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('1.0.0');
  });

  it('reads booleans by presence: "", "false" and any text are true; absent or removed is false', async () => {
    const tag = uniqueTag('bool');
    define(tag);
    for (const [html, expected] of [
      ['disabled', true],
      ['disabled=""', true],
      ['disabled="false"', true],
      ['disabled="no"', true],
      ['', false],
    ] as const) {
      const el = await mount(tag, html);
      expect(el.disabled, html).toBe(expected);
      expect(rendered(el).disabled ?? false, html).toBe(expected);
    }
    const el = await mount(tag, 'disabled');
    await act(async () => el.removeAttribute('disabled'));
    expect(el.disabled).toBe(false);
    expect(rendered(el).disabled).toBe(false);
  });

  it('reflects boolean properties to their attribute, and only those', async () => {
    const tag = uniqueTag('reflect');
    define(tag);
    const el = await mount(tag);
    await act(async () => {
      el.disabled = true;
      el.label = 'text';
    });
    expect(el.getAttribute('disabled')).toBe('');
    expect(el.hasAttribute('label')).toBe(false);
    expect(rendered(el)).toMatchObject({ disabled: true, label: 'text' });
    await act(async () => {
      el.disabled = false;
    });
    expect(el.hasAttribute('disabled')).toBe(false);
    expect(rendered(el).disabled).toBe(false);
  });

  it('parses JSON attributes safely: bad JSON warns and yields undefined, never throws', async () => {
    const tag = uniqueTag('json');
    define(tag);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const good = await mount(tag, `config='{"a":[1,2]}'`);
    expect(good.config).toEqual({ a: [1, 2] });
    expect(rendered(good).config).toEqual({ a: [1, 2] });
    const bad = await mount(tag, `config='{not json'`);
    expect(bad.config).toBeUndefined();
    expect(rendered(bad).config).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('config');
    await act(async () => good.setAttribute('config', '[oops'));
    expect(good.config).toBeUndefined();
    await act(async () => good.setAttribute('config', '"fine"'));
    expect(good.config).toBe('fine');
  });

  it('parses numbers and strings, and resets them when the attribute goes', async () => {
    const tag = uniqueTag('num');
    define(tag);
    const el = await mount(tag, 'count="42" label="Hello"');
    expect(el.count).toBe(42);
    expect(el.label).toBe('Hello');
    await act(async () => el.setAttribute('count', 'many'));
    expect(el.count).toBeUndefined();
    await act(async () => el.removeAttribute('label'));
    expect(el.label).toBe('default label');
    expect(rendered(el).label).toBeNull();
  });

  it('takes object properties (no attribute)', async () => {
    const tag = uniqueTag('objprop');
    define(tag);
    const el = await mount(tag);
    await act(async () => {
      el.items = ['a', 'b'];
    });
    expect(rendered(el).items).toEqual(['a', 'b']);
  });

  it('upgrades properties set before the definition, and they win over attributes', async () => {
    const tag = uniqueTag('upgrade');
    const el = document.createElement(tag) as XElement;
    el.setAttribute('label', 'from attribute');
    el.items = ['early'];
    el.label = 'from property';
    el.disabled = true;
    await act(async () => {
      document.body.append(el);
    });
    expect(Object.prototype.hasOwnProperty.call(el, 'items')).toBe(true); // still a plain own property
    await act(async () => {
      define(tag);
      await Promise.resolve();
    });
    expect(Object.prototype.hasOwnProperty.call(el, 'items')).toBe(false); // now through the accessor
    expect(el.items).toEqual(['early']);
    expect(el.label).toBe('from property');
    expect(el.disabled).toBe(true);
    expect(el.getAttribute('disabled')).toBe('');
    expect(rendered(el)).toMatchObject({ items: ['early'], label: 'from property', disabled: true });
  });

  it('styles the shadow root without style attributes (a <style> where sheets cannot be adopted)', async () => {
    const tag = uniqueTag('styled');
    define(tag, { styles: '.mine{color:red}' });
    const el = await mount(tag);
    const root = el.shadowRoot!;
    const css = 'adoptedStyleSheets' in root && root.adoptedStyleSheets.length
      ? root.adoptedStyleSheets.map((s) => [...s.cssRules].map((r) => r.cssText).join('')).join('')
      : [...root.querySelectorAll('style')].map((s) => s.textContent).join('');
    expect(css).toContain('.mine');
    expect(css).toContain('--bf-color-primary');
    expect(root.querySelector('[style]')).toBeNull();
    expect(el.hasAttribute('style')).toBe(false);
  });

  it('renders only while connected, and keeps the per-element store across a move', async () => {
    const tag = uniqueTag('counter');
    type CounterState = { count: number; inc(): void };
    const createCounter = () =>
      createWidgetStore<{ count: number }, { inc(): void }>({ count: 0 }, (set, get) => ({
        inc: () => set({ count: get().count + 1 }),
      }));
    function Counter(props: { store?: StoreApi<CounterState> }) {
      const store = useOwnStore(props.store, createCounter);
      const { count, inc } = useStore(store);
      return (
        <button type="button" onClick={inc}>
          {count}
        </button>
      );
    }
    defineWidget(tag, Counter, { ...metaFor(tag), attributes: [] }, { createStore: createCounter });
    const a = await mount(tag);
    const b = await mount(tag);
    const button = (el: HTMLElement) => el.shadowRoot!.querySelector('button')!;
    await act(async () => button(a).click());
    await act(async () => button(a).click());
    expect(button(a).textContent).toBe('2');
    expect(button(b).textContent).toBe('0'); // two elements never share state
    const holder = document.createElement('section');
    await act(async () => {
      document.body.append(holder);
      holder.append(a); // disconnect + connect: the element unmounts and mounts again
    });
    expect(button(a).textContent).toBe('2');
  });
});

describe('parseAttribute', () => {
  it('never throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const type of ['string', 'number', 'boolean', 'json'] as const) {
      for (const value of [null, '', ' ', 'x', '{', '1e999', '\u0000']) expect(() => parseAttribute(type, value)).not.toThrow();
    }
    expect(parseAttribute('number', '1e999')).toBeUndefined();
    expect(parseAttribute('number', ' 7 ')).toBe(7);
    expect(warn).toHaveBeenCalled();
  });
});

describe('emit', () => {
  it('dispatches on the shadow host a CustomEvent that bubbles and crosses the shadow boundary', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const inner = document.createElement('span');
    host.attachShadow({ mode: 'open' }).append(inner);
    expect(hostOf(inner)).toBe(host);
    const seen: Event[] = [];
    const listener = (e: Event) => seen.push(e);
    document.addEventListener('x-ping', listener);
    const result = emit<{ 'x-ping': { n: number } }, 'x-ping'>(hostOf(inner), 'x-ping', { n: 1 });
    document.removeEventListener('x-ping', listener);
    expect(result).toBe(true);
    expect(seen).toHaveLength(1);
    const event = seen[0] as CustomEvent<{ n: number }>;
    expect(event).toBeInstanceOf(CustomEvent);
    expect(event.bubbles).toBe(true);
    expect(event.composed).toBe(true);
    expect(event.detail).toEqual({ n: 1 });
    expect(event.target).toBe(host);
  });

  it('events from inside a shadow root reach the document retargeted to the host', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const inner = document.createElement('span');
    host.attachShadow({ mode: 'open' }).append(inner);
    let target: EventTarget | null = null;
    const listener = (e: Event) => (target = e.target);
    document.addEventListener('x-deep', listener);
    emit<{ 'x-deep': null }, 'x-deep'>(inner, 'x-deep', null);
    document.removeEventListener('x-deep', listener);
    expect(target).toBe(host);
  });

  it('reports preventDefault() on cancelable events', () => {
    const el = document.createElement('div');
    el.addEventListener('x-cancel', (e) => e.preventDefault());
    expect(emit<{ 'x-cancel': null }, 'x-cancel'>(el, 'x-cancel', null, { cancelable: true })).toBe(false);
    expect(emit<{ 'x-cancel': null }, 'x-cancel'>(el, 'x-cancel', null)).toBe(true);
  });
});

/**
 * The wrapper rests on two public APIs only: React's root API under React (these tests) and the same
 * API from preact/compat/client in the bundle. These fail if either changes under it (issue 27: it
 * used to reach into @r2wc's private symbols).
 */
describe('the root API the wrapper renders through', () => {
  it('defineWidget uses no private symbol of a wrapper library', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const source = readFileSync(join(__dirname, '../../widgets/internal/define-widget.ts'), 'utf8');
    expect(source).not.toMatch(/Symbol\.for\(/);
    expect(source).not.toMatch(/from '@r2wc\//);
    expect(source).toMatch(/import \{ createRoot, type Root \} from 'react-dom\/client';/);
  });

  it("preact/compat/client's createRoot renders into a shadow root, re-renders in place and unmounts", async () => {
    const { createRoot } = await import('preact/compat/client');
    const { h } = await import('preact');
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const root = createRoot(shadow as unknown as Element);
    const Label = ({ text }: { text: string }) => h('span', { part: 'label' }, text);
    root.render(h(Label, { text: 'one' }));
    const first = await waitUntil(() => shadow.querySelector('span'), (span) => span?.textContent === 'one', { timeoutMs: 2000, intervalMs: 1 });
    root.render(h(Label, { text: 'two' }));
    await waitUntil(() => first?.textContent, (text) => text === 'two', { timeoutMs: 2000, intervalMs: 1 });
    expect(shadow.querySelector('span')).toBe(first); // the same node, updated
    expect(first?.textContent).toBe('two');
    root.unmount();
    expect(shadow.childNodes.length).toBe(0);
    host.remove();
  });
});

export type { WidgetConstructor };
