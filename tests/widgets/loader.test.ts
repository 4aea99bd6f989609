/**
 * The loader's logic (widgets/internal/autoloader.ts) with a fake importer, and the API-base
 * resolution order (widgets/internal/config.ts). The built widgets.js runs in Chromium in
 * scripts/dev/look.mjs; built-bundle.test.ts checks it parses as a classic script.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLoader, type ChunkTable } from '../../widgets/internal/autoloader';
import { getBenefold, installBenefold, resolveApiBases } from '../../widgets/internal/config';

type Win = Window & { Benefold?: unknown };
let n = 0;

function script(src: string, data: Record<string, string> = {}) {
  const s = document.createElement('script');
  s.src = src;
  for (const [k, v] of Object.entries(data)) s.dataset[k] = v;
  return s;
}

/** A fake import(): records URLs and defines the element the entry chunk is for. */
function fakeImporter(table: ChunkTable, options: { fail?: Set<string> } = {}) {
  const urls: string[] = [];
  const importer = vi.fn(async (url: string) => {
    urls.push(url);
    const tag = Object.keys(table).find((t) => url.endsWith(`/${table[t][0]}`));
    if (!tag) throw new Error(`unexpected ${url}`);
    if (options.fail?.has(tag)) {
      options.fail.delete(tag);
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    if (!customElements.get(tag)) customElements.define(tag, class extends HTMLElement {});
  });
  return { importer, urls };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  delete (window as Win).Benefold;
  n++;
});
afterEach(() => {
  document.body.replaceChildren();
  document.head.querySelectorAll('link[rel=modulepreload]').forEach((l) => l.remove());
  delete (window as Win).Benefold;
  vi.restoreAllMocks();
});

describe('the loader', () => {
  const tables = () => {
    const a = `lazy-a${n}`;
    const b = `lazy-b${n}`;
    const table: ChunkTable = {
      [a]: [`chunks/${a}-h1.js`, 'chunks/shared-h0.js'],
      [b]: [`chunks/${b}-h2.js`, 'chunks/shared-h0.js'],
    };
    return { a, b, table };
  };

  it('loads the elements already on the page, relative to widgets.js, and preloads their imports', async () => {
    const { a, b, table } = tables();
    document.body.innerHTML = `<main><${a}></${a}></main>`;
    const { importer, urls } = fakeImporter(table);
    startLoader({ table, version: '1.0.0', script: script('https://cdn.example/widgets/widgets.js'), importer });
    await customElements.whenDefined(a);
    expect(urls).toEqual([`https://cdn.example/widgets/chunks/${a}-h1.js`]);
    expect(customElements.get(b)).toBeUndefined();
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href);
    expect(preloads).toEqual(['https://cdn.example/widgets/chunks/shared-h0.js']);
  });

  it('loads an element the first time it appears later (MutationObserver), once', async () => {
    const { a, b, table } = tables();
    const { importer, urls } = fakeImporter(table);
    startLoader({ table, version: '1.0.0', script: script('https://cdn.example/w/widgets.js'), importer });
    await tick();
    expect(urls).toEqual([]);
    const wrapper = document.createElement('div');
    wrapper.innerHTML = `<p>text</p><section><${b}></${b}></section>`;
    document.body.append(wrapper);
    await customElements.whenDefined(b);
    document.body.append(document.createElement(b));
    await tick();
    expect(urls).toEqual([`https://cdn.example/w/chunks/${b}-h2.js`]);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(customElements.get(a)).toBeUndefined();
    // The shared chunk is preloaded once, whatever element needs it.
    document.body.append(document.createElement(a));
    await customElements.whenDefined(a);
    expect(document.head.querySelectorAll('link[rel=modulepreload]')).toHaveLength(1);
  });

  it('creates window.Benefold with version, config, configure() and load()', async () => {
    const { a, table } = tables();
    const { importer } = fakeImporter(table);
    startLoader({ table, version: '1.2.3', script: script('https://api.example/widgets/widgets.js'), importer });
    const B = getBenefold();
    expect(B.version).toBe('1.2.3');
    expect(B.config).toEqual({ apiBase: 'https://api.example' });
    const defined = await B.load(a.toUpperCase());
    expect(defined).toBe(customElements.get(a));
    await expect(B.load('no-such-element')).rejects.toThrow(/no loader knows <no-such-element>/);
  });

  it('retries after a failed load', async () => {
    const { a, table } = tables();
    const { importer } = fakeImporter(table, { fail: new Set([a]) });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startLoader({ table, version: '1.0.0', script: script('https://cdn.example/widgets.js'), importer });
    document.body.append(document.createElement(a));
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(customElements.get(a)).toBeUndefined();
    document.body.append(document.createElement(a));
    await customElements.whenDefined(a);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('a second bundle keeps the first one\'s Benefold, adds only new tags, and warns on a different version', async () => {
    const { a, b, table } = tables();
    const first = fakeImporter({ [a]: table[a] });
    startLoader({ table: { [a]: table[a] }, version: '1.0.0', script: script('https://one.example/widgets.js'), importer: first.importer });
    const B = getBenefold();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const second = fakeImporter(table);
    const again = startLoader({ table, version: '2.0.0', script: script('https://two.example/widgets.js'), importer: second.importer });
    expect(again).toBe(B);
    expect(warn).toHaveBeenCalledTimes(1);
    document.body.innerHTML = `<${a}></${a}><${b}></${b}>`;
    await Promise.all([customElements.whenDefined(a), customElements.whenDefined(b)]);
    expect(first.urls).toEqual([`https://one.example/chunks/${a}-h1.js`]);
    expect(second.urls).toEqual([`https://two.example/chunks/${b}-h2.js`]);
  });
});

describe('API base resolution', () => {
  it('element attribute > configure() > data attributes > the loader origin', () => {
    installBenefold(window, script('https://widgets.example/widgets/widgets.js'), '1.0.0');
    expect(resolveApiBases({})).toEqual({ apiBase: 'https://widgets.example', censusApiBase: 'https://widgets.example' });

    delete (window as Win).Benefold;
    installBenefold(
      window,
      script('https://widgets.example/widgets.js', { apiBase: 'https://api.example', censusApiBase: 'https://us.api.example' }),
      '1.0.0',
    );
    expect(resolveApiBases({})).toEqual({ apiBase: 'https://api.example', censusApiBase: 'https://us.api.example' });

    getBenefold().configure({ apiBase: 'https://configured.example' });
    expect(resolveApiBases({})).toEqual({ apiBase: 'https://configured.example', censusApiBase: 'https://us.api.example' });
    getBenefold().configure({ censusApiBase: 'https://census.configured.example', apiBase: undefined });
    expect(resolveApiBases({}).apiBase).toBe('https://configured.example');

    expect(resolveApiBases({ apiBase: 'https://own.example' })).toEqual({
      apiBase: 'https://own.example',
      censusApiBase: 'https://census.configured.example',
    });
    expect(resolveApiBases({ apiBase: '', censusApiBase: 'https://c.example' })).toEqual({ apiBase: '', censusApiBase: 'https://c.example' });
  });

  it('the census base follows the product base when nothing sets it', () => {
    installBenefold(window, script('https://widgets.example/widgets.js'), '1.0.0');
    expect(resolveApiBases({ apiBase: 'https://own.example' }).censusApiBase).toBe('https://own.example');
  });

  it('without a loader (a chunk loaded on its own), the page origin is used ("" = same origin)', () => {
    const B = getBenefold();
    expect(B.version).toBe('dev');
    expect(resolveApiBases({}).apiBase).toBe(''); // tests run from file:, which has no http origin
    B.configure({ apiBase: 'https://x.example' });
    expect(getBenefold().config.apiBase).toBe('https://x.example');
  });

  it('ignores non-string options', () => {
    const B = getBenefold();
    B.configure({ apiBase: 42 as unknown as string });
    B.configure(undefined as unknown as object);
    expect(B.config.apiBase).toBeUndefined();
  });
});
