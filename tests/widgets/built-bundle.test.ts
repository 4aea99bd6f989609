/**
 * Smoke test of the BUILT bundle (dist/widgets, Preact): the element chunks define their elements,
 * render into an open shadow root and dispatch their events; widgets.js is a classic script; nothing
 * in the output needs eval or style attributes. Builds first when dist/widgets is older than the
 * sources (scripts/build-widgets.mjs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { LABELS } from '../../widgets/internal/labels';
import { startApiServer, type ApiServer } from './api-server';
import { waitUntil } from '../support/wait';
import { dist, ensureBuilt } from '../support/built-widgets';

interface Manifest {
  version: string;
  elements: Record<string, { entry: string; imports: string[] }>;
}
let manifest: Manifest;
let api: ApiServer;

beforeAll(async () => {
  ensureBuilt();
  manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
  api = await startApiServer();
}, 150_000);
afterAll(() => api?.close());

const load = (tag: string) => import(/* @vite-ignore */ pathToFileURL(join(dist, manifest.elements[tag].entry)).href);

function shadow(el: Element) {
  const root = el.shadowRoot;
  if (!root) throw new Error('no shadow root');
  return root;
}
const byLabel = (root: ShadowRoot, label: string) => {
  const l = [...root.querySelectorAll('label')].find((x) => x.textContent === label);
  return root.getElementById(l!.htmlFor) as HTMLInputElement;
};
function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const until = (check: () => boolean, ms = 5000) => waitUntil(check, Boolean, { timeoutMs: ms, intervalMs: 10 });

describe('the built bundle', () => {
  it('widgets.js is a classic script (no import statements) with the chunk table', () => {
    const code = readFileSync(join(dist, 'widgets.js'), 'utf8');
    expect(() => new Script(code)).not.toThrow(); // a module's `import x from` would be a SyntaxError here
    for (const [tag, { entry }] of Object.entries(manifest.elements)) {
      expect(code).toContain(tag);
      expect(code).toContain(entry);
    }
    expect(code).toContain(`"${manifest.version}"`);
  });

  it('contains no eval, no Function constructor and no Node modules', () => {
    for (const file of readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(dist, 'chunks', file), 'utf8');
      expect(code, file).not.toMatch(/\beval\(|new Function\b|[^\w$.]Function\(/);
      expect(code, file).not.toMatch(/from\s*["'](?:http|https|zlib|stream|crypto|url|util)["']/);
    }
    for (const { imports } of Object.values(manifest.elements)) for (const f of imports) expect(f).toMatch(/^chunks\//);
  });

  it('<case-study-form>: defined, renders its shadow DOM, submits and dispatches case-study-success', async () => {
    await load('case-study-form');
    const Ctor = customElements.get('case-study-form') as (CustomElementConstructor & { version: string }) | undefined;
    expect(Ctor).toBeDefined();
    expect(Ctor!.version).toBe(manifest.version);
    const el = document.createElement('case-study-form');
    el.setAttribute('api-base', api.base);
    document.body.append(el);
    const root = shadow(el);
    expect(root.querySelector('h2')?.textContent).toBe(MESSAGES.caseStudy.heading);
    expect(root.querySelector('style')?.textContent).toContain('--bf-color-primary'); // jsdom: no adoptable sheets
    expect(root.querySelector('[style]')).toBeNull();

    type(byLabel(root, LABELS.firstName), 'Jane');
    type(byLabel(root, LABELS.lastName), 'Doe');
    type(byLabel(root, LABELS.workEmail), 'jane@gmail.com');
    (root.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await until(() => !!root.querySelector('[role=alert]'));
    expect(root.querySelector('[role=alert]')!.textContent).toBe(MESSAGES.caseStudy.domainNotAllowed('gmail.com'));
    expect(api.requests).toHaveLength(0);

    const events: CustomEvent[] = [];
    document.addEventListener('case-study-success', (e) => events.push(e as CustomEvent));
    api.reply({ status: 200, body: { message: 'ok' } });
    type(byLabel(root, LABELS.workEmail), 'jane@acme-insurance.com');
    (root.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await until(() => events.length > 0);
    expect(events[0].detail).toEqual({ email: 'jane@acme-insurance.com' });
    expect(events[0].target).toBe(el);
    expect(events[0].composed && events[0].bubbles).toBe(true);
    expect(root.textContent).toContain(MESSAGES.caseStudy.success);
    expect(api.posts()[0].body).toMatchObject({ firstName: 'Jane', website: '' });
  });

  it('<case-study-form>: attributes and properties reach the component', async () => {
    await load('case-study-form');
    const el = document.createElement('case-study-form') as HTMLElementTagNameMap['case-study-form'];
    el.setAttribute('heading', 'Custom heading');
    el.setAttribute('values', '{"email":"pre@acme.com"}');
    document.body.append(el);
    const root = shadow(el);
    expect(root.querySelector('h2')?.textContent).toBe('Custom heading');
    await until(() => byLabel(root, LABELS.workEmail).value === 'pre@acme.com');
    el.disabled = true;
    expect(el.getAttribute('disabled')).toBe('');
    expect((root.querySelector('button[type=submit]') as HTMLButtonElement).disabled).toBe(true);
    el.setAttribute('no-heading', '');
    expect(root.querySelector('h2')).toBeNull();
  });

  it('<webinar-subscribe>: defined, renders, validates and dispatches webinar-subscribe-success', async () => {
    await load('webinar-subscribe');
    const el = document.createElement('webinar-subscribe');
    el.setAttribute('api-base', api.base);
    el.setAttribute('mailing-list-identifier', 'SMOKE');
    document.body.append(el);
    const root = shadow(el);
    expect(root.querySelector('h2')?.textContent).toBe(MESSAGES.webinar.heading);
    const input = byLabel(root, LABELS.email);
    expect(input.placeholder).toBe(MESSAGES.webinar.placeholder);
    (root.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await until(() => root.textContent!.includes(MESSAGES.webinar.emailRequired));
    expect(root.textContent).toContain(MESSAGES.webinar.correctEmail);

    const events: CustomEvent[] = [];
    document.addEventListener('webinar-subscribe-success', (e) => events.push(e as CustomEvent));
    api.requests.length = 0;
    api.reply({ status: 200, body: { ok: true } });
    type(input, 'jane@acme-insurance.com');
    (root.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await until(() => events.length > 0);
    expect(events[0].detail).toEqual({ email: 'jane@acme-insurance.com', mailingListType: 'PROMOTION', mailingListIdentifier: 'SMOKE' });
    expect(root.textContent).toContain(MESSAGES.webinar.success);
  });

  it('two elements on one page do not share state', async () => {
    await load('webinar-subscribe');
    const a = document.createElement('webinar-subscribe');
    const b = document.createElement('webinar-subscribe');
    document.body.append(a, b);
    type(byLabel(shadow(a), LABELS.email), 'not-an-address');
    (shadow(a).querySelector('button[type=submit]') as HTMLButtonElement).click();
    await until(() => shadow(a).textContent!.includes(MESSAGES.webinar.emailInvalid));
    expect(byLabel(shadow(b), LABELS.email).value).toBe('');
    expect(shadow(b).textContent).not.toContain(MESSAGES.webinar.emailInvalid);
  });

  it('ships the map topology beside widgets.js (the default topology-url)', () => {
    const topology = JSON.parse(readFileSync(join(dist, 'states-10m.json'), 'utf8'));
    expect(Object.keys(topology.objects).sort()).toEqual(['nation', 'states']);
  });

  it('<census-parser>: defined, renders the drop area (a keyboard button) and the intake panel with its QR', async () => {
    await load('census-parser');
    const el = document.createElement('census-parser');
    el.setAttribute('census-api-base', api.base);
    document.body.append(el);
    const root = shadow(el);
    await until(() => !!root.querySelector('[part~="drop-area"]'));
    const drop = root.querySelector('[part~="drop-area"]') as HTMLElement;
    expect(drop.getAttribute('role')).toBe('button');
    expect(drop.tabIndex).toBe(0);
    expect(drop.textContent).toContain(MESSAGES.census.supported);
    expect(root.textContent).toContain(MESSAGES.census.heavyLiftingHeading);
    expect(root.querySelector('[part~="qr"] path')!.getAttribute('d')).toMatch(/^M\d/);
    expect(root.querySelector('[style]')).toBeNull();
    el.remove();
  });

  it('chart elements take their data from a JSON attribute and say No data available for {}', async () => {
    await Promise.all(['category-bar-chart', 'gender-doughnut', 'time-bar-chart', 'us-state-map'].map(load));
    const bars = document.createElement('category-bar-chart');
    bars.setAttribute('data', '{"18-24":4,"25-29":10}');
    const empty = document.createElement('time-bar-chart');
    empty.setAttribute('data', '{}');
    document.body.append(bars, empty);
    await until(() => !!shadow(bars).querySelector('table'));
    expect([...shadow(bars).querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(['18-24', '25-29']);
    await until(() => shadow(empty).textContent!.includes(MESSAGES.census.noData));
    bars.remove();
    empty.remove();
  });
});
