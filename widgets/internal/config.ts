/**
 * Where the elements send their requests. Resolution order, first defined wins:
 *   1. the element's own attribute (`api-base`, `census-api-base`);
 *   2. `window.Benefold.configure({ apiBase, censusApiBase })`;
 *   3. the loader script tag's `data-api-base` / `data-census-api-base`;
 *   4. the origin the loader script was served from (our API server serves the widgets).
 * The census base falls back to the resolved product base. The loader creates `window.Benefold`
 * (installBenefold); element chunks only read it (getBenefold), creating a minimal one when a chunk
 * was loaded without the loader.
 *
 * Steps 2-4 live in one object, `Benefold.config`: the loader seeds it from the script tag (3, 4)
 * and configure() overwrites keys (2). It is read at each request, so configure() may run at any time.
 */
import type { BenefoldConfig, BenefoldGlobal } from './public-types';
import { VERSION } from './version';

/** tag -> loads and defines the element. Hidden behind a registered symbol: not public API. */
export type LoaderRegistry = Record<string, () => Promise<CustomElementConstructor>>;
export const REGISTRY: unique symbol = Symbol.for('benefold.registry') as never;
export type InternalBenefold = BenefoldGlobal & { [REGISTRY]: LoaderRegistry };

// No `declare global { interface Window }` here: the generated benefold-widgets.d.ts owns that
// augmentation and both end up in one TypeScript program.
type BenefoldWindow = { Benefold?: BenefoldGlobal };

const KEYS = ['apiBase', 'censusApiBase'] as const;

/** The http(s) origin of a URL, or undefined (file:, data:, blob:, garbage). */
export function httpOrigin(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

export function createBenefold(version: string, initial: BenefoldConfig): InternalBenefold {
  const config: BenefoldConfig = {};
  const registry: LoaderRegistry = {};
  const configure = (options: BenefoldConfig): BenefoldConfig => {
    for (const key of KEYS) {
      const value = options?.[key];
      if (typeof value === 'string') config[key] = value;
    }
    return config;
  };
  configure(initial);
  return {
    version,
    config,
    configure,
    load(tag: string) {
      const name = String(tag).toLowerCase();
      const defined = customElements.get(name);
      if (defined) return Promise.resolve(defined);
      const entry = registry[name];
      return entry ? entry() : Promise.reject(new Error(`Benefold: no loader knows <${name}>`));
    },
    [REGISTRY]: registry,
  };
}

/**
 * The loader's side: returns the page's Benefold object, creating it from the loader's script tag
 * when this loader is the first on the page. A second bundle keeps the first one's object.
 */
export function installBenefold(win: Window, script: HTMLScriptElement | null, version: string): InternalBenefold {
  const w = win as unknown as BenefoldWindow;
  let b = w.Benefold as InternalBenefold | undefined;
  if (!b) {
    const data = script?.dataset;
    b = createBenefold(version, {
      apiBase: data?.apiBase ?? httpOrigin(script?.src),
      censusApiBase: data?.censusApiBase,
    });
    w.Benefold = b;
  } else if (!b[REGISTRY]) {
    // Created by a chunk loaded without the loader: give it a registry (and a working load()).
    const fresh = createBenefold(b.version, b.config);
    Object.assign(b, { load: fresh.load, [REGISTRY]: fresh[REGISTRY] });
  }
  return b;
}

/** The element side: the page's Benefold object (a minimal one when no loader ran). */
export function getBenefold(): BenefoldGlobal {
  const w = window as unknown as BenefoldWindow;
  return (w.Benefold ??= createBenefold(VERSION, { apiBase: httpOrigin(import.meta.url) }));
}

/** The API bases for one element, given its own attributes (undefined = not set). */
export function resolveApiBases(own: BenefoldConfig): { apiBase: string; censusApiBase: string } {
  const page = getBenefold().config;
  const apiBase = own.apiBase ?? page.apiBase ?? '';
  const censusApiBase = own.censusApiBase ?? page.censusApiBase ?? apiBase;
  return { apiBase, censusApiBase };
}
