/**
 * The loader's logic (widgets/loader.ts is the entry that runs it): registers every element tag for
 * lazy definition and loads an element's chunk the first time the element appears - discovered like
 * Shoelace's autoloader: an initial scan, a MutationObserver on the document (childList, subtree),
 * and `Benefold.load(tag)` for elements the observer cannot see (inside other shadow roots).
 *
 * Several bundles on one page: the first creates `window.Benefold`; a later one adds only the tags no
 * earlier loader registered, warns once when its version differs, and observes only its own tags.
 */
import { installBenefold, REGISTRY, type InternalBenefold } from './config';

/** tag -> [entry chunk, ...chunks it imports statically], relative to widgets.js. */
export type ChunkTable = Record<string, readonly string[]>;

export interface LoaderOptions {
  table: ChunkTable;
  version: string;
  /** The loader's own <script> (document.currentScript); chunk URLs are resolved against its src. */
  script: HTMLScriptElement | null;
  /** Loads an ES module: `(url) => import(url)` in the bundle; a fake in tests. */
  importer: (url: string) => Promise<unknown>;
  win?: Window;
}

export function startLoader({ table, version, script, importer, win = window }: LoaderOptions): InternalBenefold {
  const doc = win.document;
  const benefold = installBenefold(win, script, version);
  if (benefold.version !== version) {
    console.warn(`Benefold: widgets.js ${version} loaded on a page that already has ${benefold.version}; include one widgets.js per page.`);
  }
  const base = script?.src || doc.querySelector<HTMLScriptElement>('script[src$="/widgets.js"]')?.src || doc.baseURI;
  const registry = benefold[REGISTRY];
  const preloaded = new Set<string>();
  const preload = (href: string) => {
    if (preloaded.has(href)) return;
    preloaded.add(href);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  };

  const mine: string[] = [];
  for (const tag of Object.keys(table)) {
    if (registry[tag]) continue;
    mine.push(tag);
    let loading: Promise<CustomElementConstructor> | undefined;
    registry[tag] = () =>
      (loading ??= (async () => {
        const [entry, ...imports] = table[tag];
        // The entry's static imports would only be requested once it has been parsed: fetch them now.
        for (const file of imports) preload(new URL(file, base).href);
        await importer(new URL(entry, base).href);
        return win.customElements.whenDefined(tag);
      })().catch((error: unknown) => {
        loading = undefined; // a later appearance or load() retries
        console.error(`Benefold: could not load <${tag}>.`, error);
        throw error;
      }));
  }

  const waiting = new Set(mine);
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1) scan(node as Element);
  });
  const watch = () => observer.observe(doc.documentElement, { childList: true, subtree: true });
  function scan(root: Element | Document) {
    for (const tag of waiting) {
      if ((root as Element).localName === tag || root.querySelector(tag)) {
        waiting.delete(tag);
        benefold.load(tag).catch(() => {
          waiting.add(tag);
          watch();
        });
      }
    }
    if (!waiting.size) observer.disconnect();
  }
  scan(doc);
  if (waiting.size) watch();
  return benefold;
}
