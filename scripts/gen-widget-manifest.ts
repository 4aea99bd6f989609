/**
 * Generates, from the elements' meta.ts files (collected in widgets/manifest.ts):
 *  - dist/widgets/custom-elements.json (Custom Elements Manifest, schema 2.1.0);
 *  - dist/widgets/benefold-widgets.d.ts: HTMLElementTagNameMap entries, element interfaces with
 *    typed events, React JSX IntrinsicElements, and the window.Benefold types;
 *  - widgets/generated/benefold-widgets.d.ts: the same file, committed for the site to reference
 *    (tests/widgets/manifest.test.ts checks it is up to date).
 * Run: `node --import tsx scripts/gen-widget-manifest.ts` (scripts/build-widgets.mjs does).
 * `--check` only compares the committed file and exits 1 when it is stale.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { propertyName, typeTextOf, type AttributeMeta, type WidgetMeta } from '../widgets/internal/meta';
import { WIDGET_METAS } from '../widgets/manifest';

// Not `new URL('..', import.meta.url)`: Vite (vitest's jsdom project) rewrites that pattern to http:.
const root = `${resolve(dirname(fileURLToPath(import.meta.url)), '..')}/`;
export const COMMITTED_DTS = `${root}widgets/generated/benefold-widgets.d.ts`;

const sourcePath = (m: WidgetMeta) => `widgets/${m.tag}/index.ts`;

function propertyType(a: AttributeMeta): string {
  const t = typeTextOf(a);
  return a.default === undefined && a.type !== 'boolean' ? `${t} | undefined` : t;
}

/** The Custom Elements Manifest (https://github.com/webcomponents/custom-elements-manifest). */
export function customElementsManifest(metas: readonly WidgetMeta[] = WIDGET_METAS) {
  return {
    schemaVersion: '2.1.0',
    readme: 'docs/widgets.md',
    modules: metas.map((m) => ({
      kind: 'javascript-module',
      path: sourcePath(m),
      declarations: [
        {
          kind: 'class',
          name: m.className,
          tagName: m.tag,
          customElement: true,
          summary: m.summary,
          description: m.description,
          superclass: { name: 'HTMLElement' },
          attributes: m.attributes.map((a) => ({
            name: a.name,
            fieldName: propertyName(a),
            type: { text: typeTextOf(a) },
            ...(a.default !== undefined ? { default: JSON.stringify(a.default) } : {}),
            description: a.description,
          })),
          members: [
            ...m.attributes.map((a) => ({
              kind: 'field',
              name: propertyName(a),
              attribute: a.name,
              type: { text: propertyType(a) },
              ...(a.default !== undefined ? { default: JSON.stringify(a.default) } : {}),
              ...(a.type === 'boolean' ? { reflects: true } : {}),
              description: a.description,
            })),
            ...(m.properties ?? []).map((p) => ({
              kind: 'field',
              name: p.name,
              type: { text: p.typeText },
              ...(p.readonly ? { readonly: true } : {}),
              description: p.description,
            })),
          ],
          events: m.events.map((e) => ({
            name: e.name,
            type: { text: `CustomEvent<${e.detail}>` },
            description: e.cancelable ? `${e.description} (cancelable)` : e.description,
          })),
          cssParts: m.cssParts.map((p) => ({ name: p.name, description: p.description })),
          cssProperties: m.cssProperties.map((p) => ({
            name: p.name,
            ...(p.default !== undefined ? { default: p.default } : {}),
            description: p.description,
          })),
        },
      ],
      exports: [
        { kind: 'js', name: m.className, declaration: { name: m.className, module: sourcePath(m) } },
        { kind: 'custom-element-definition', name: m.tag, declaration: { name: m.className, module: sourcePath(m) } },
      ],
    })),
  };
}

const doc = (text: string, indent: string) => {
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  return lines.length === 1
    ? `${indent}/** ${lines[0]} */\n`
    : `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;
};

function jsxAttributeType(a: AttributeMeta): string {
  switch (a.type) {
    // React 18 writes `false` as the text "false", which is present, hence true: pass true or omit.
    case 'boolean':
      return "true | ''";
    case 'number':
      return 'number | string';
    case 'json':
      return 'string';
    default:
      return typeTextOf(a);
  }
}

function publicTypes(): string {
  const source = readFileSync(`${root}widgets/internal/public-types.ts`, 'utf8');
  return source.replace(/^\/\*\*[\s\S]*?\*\/\n+/, '').trim();
}

/** benefold-widgets.d.ts */
export function declarations(metas: readonly WidgetMeta[] = WIDGET_METAS): string {
  let out = '';
  out += '/**\n';
  out += ' * Type declarations for the Benefold custom elements (dist/widgets/widgets.js).\n';
  out += ' * GENERATED by scripts/gen-widget-manifest.ts from widgets/<tag>/meta.ts - do not edit.\n';
  out += ' * Reference it (`/// <reference path=".../benefold-widgets.d.ts" />` or tsconfig "include")\n';
  out += ' * to type `document.querySelector(tag)`, the events, `window.Benefold` and the tags in React JSX.\n';
  out += ' */\n';
  out += "import type * as React from 'react';\n\n";
  out += `${publicTypes()}\n`;

  for (const m of metas) {
    const map = `${m.className}EventMap`;
    out += `\n${doc(`<${m.tag}>: ${m.summary}\n\n${m.description}`, '')}`;
    out += `export interface ${m.className} extends HTMLElement {\n`;
    for (const a of m.attributes) {
      const def = a.default !== undefined ? `\n@default ${JSON.stringify(a.default)}` : '';
      out += doc(`${a.description}\nAttribute: \`${a.name}\`.${def}`, '  ');
      out += `  ${propertyName(a)}: ${propertyType(a)};\n`;
    }
    for (const p of m.properties ?? []) {
      out += doc(p.description, '  ');
      out += `  ${p.readonly ? 'readonly ' : ''}${p.name}: ${p.typeText};\n`;
    }
    out += `  addEventListener<K extends keyof ${map}>(type: K, listener: (this: ${m.className}, ev: ${map}[K]) => unknown, options?: boolean | AddEventListenerOptions): void;\n`;
    out += '  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;\n';
    out += `  removeEventListener<K extends keyof ${map}>(type: K, listener: (this: ${m.className}, ev: ${map}[K]) => unknown, options?: boolean | EventListenerOptions): void;\n`;
    out += '  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;\n';
    out += '}\n\n';
    out += `export interface ${map} extends HTMLElementEventMap {\n`;
    for (const e of m.events) {
      out += doc(e.cancelable ? `${e.description} (cancelable)` : e.description, '  ');
      out += `  '${e.name}': CustomEvent<${e.detail}>;\n`;
    }
    out += '}\n\n';
    out += `/** The attributes of <${m.tag}>, as JSX props. */\n`;
    out += `export interface ${m.className}Attributes {\n`;
    for (const a of m.attributes) {
      out += doc(a.description, '  ');
      out += `  '${a.name}'?: ${jsxAttributeType(a)};\n`;
    }
    out += '}\n';
  }

  out += '\ndeclare global {\n';
  out += '  interface Window {\n    Benefold?: BenefoldGlobal;\n  }\n';
  out += '  interface HTMLElementTagNameMap {\n';
  for (const m of metas) out += `    '${m.tag}': ${m.className};\n`;
  out += '  }\n';
  out += '  /** The events bubble and are composed: listen on the element, an ancestor or the document. */\n';
  out += '  interface GlobalEventHandlersEventMap {\n';
  for (const m of metas) for (const e of m.events) out += `    '${e.name}': CustomEvent<${e.detail}>;\n`;
  out += '  }\n';
  out += '}\n\n';
  out += "declare module 'react' {\n";
  out += '  namespace JSX {\n';
  out += '    interface IntrinsicElements {\n';
  for (const m of metas) {
    out += `      '${m.tag}': React.DetailedHTMLProps<React.HTMLAttributes<${m.className}>, ${m.className}> & ${m.className}Attributes;\n`;
  }
  out += '    }\n  }\n}\n';
  return out;
}

export function main(args: string[]): number {
  const dts = declarations();
  if (args.includes('--check')) {
    const committed = readFileSync(COMMITTED_DTS, 'utf8');
    if (committed !== dts) {
      console.error(`${COMMITTED_DTS} is stale: run node --import tsx scripts/gen-widget-manifest.ts`);
      return 1;
    }
    return 0;
  }
  const json = `${JSON.stringify(customElementsManifest(), null, 2)}\n`;
  const files: [string, string][] = [
    [`${root}dist/widgets/custom-elements.json`, json],
    [`${root}dist/widgets/benefold-widgets.d.ts`, dts],
    [COMMITTED_DTS, dts],
  ];
  for (const [file, text] of files) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log(`widgets: wrote custom-elements.json and benefold-widgets.d.ts (${WIDGET_METAS.length} elements)`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
