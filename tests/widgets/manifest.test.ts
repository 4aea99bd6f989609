/**
 * One source of truth: the element table (widgets/elements.mjs), the metas (widgets/manifest.ts),
 * the element folders, and the generated declarations committed for the site.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMITTED_DTS, customElementsManifest, declarations, elementsModule, GENERATED_ELEMENTS } from '../../scripts/gen-widget-manifest';
import { ELEMENTS } from '../../widgets/elements.mjs';
import { propertyName } from '../../widgets/internal/meta';
import { WIDGET_METAS } from '../../widgets/manifest';

const widgetsDir = `${join(dirname(fileURLToPath(import.meta.url)), '../../widgets')}/`;

describe('the widget manifest', () => {
  it('lists the same elements in elements.mjs, manifest.ts and the folders', () => {
    const folders = readdirSync(widgetsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`${widgetsDir}${d.name}/index.ts`))
      .map((d) => d.name)
      .sort();
    expect(ELEMENTS.map((e) => e.tag).sort()).toEqual(folders);
    expect(WIDGET_METAS.map((m) => m.tag).sort()).toEqual(folders);
    for (const tag of folders) expect(existsSync(`${widgetsDir}${tag}/meta.ts`)).toBe(true);
  });

  it('the element table (widgets/generated/elements.mjs) is generated from the metas: tags in order, budgets from meta.ts', () => {
    // If this fails: node --import tsx scripts/gen-widget-manifest.ts, and commit the file.
    expect(readFileSync(GENERATED_ELEMENTS, 'utf8')).toBe(elementsModule());
    expect(ELEMENTS).toEqual(WIDGET_METAS.map((m) => ({ tag: m.tag, budget: m.budget })));
  });

  it('no element restates its API by hand: index.ts headers carry no @attr/@event/@cssproperty/@summary... lines (meta.ts is the source)', () => {
    for (const meta of WIDGET_METAS) {
      // Every custom-elements-manifest tag (and its long forms: @cssproperty slipped past `cssprop\b`).
      expect(readFileSync(`${widgetsDir}${meta.tag}/index.ts`, 'utf8'), meta.tag).not.toMatch(
        /^ \*\s*@(attr|attribute|event|fires|prop|property|csspart|cssprop|cssproperty|slot|summary|tag|tagname|element)\b/m,
      );
    }
  });

  it('each element folder imports only widgets/internal/ (and shared/), never a sibling element', () => {
    for (const meta of WIDGET_METAS) {
      for (const file of readdirSync(`${widgetsDir}${meta.tag}`, { recursive: true }).map(String).filter((f) => /\.tsx?$/.test(f))) {
        const source = readFileSync(`${widgetsDir}${meta.tag}/${file}`, 'utf8');
        const siblings = [...source.matchAll(/from '\.\.\/([a-z-]+)\//g)].map((m) => m[1]).filter((dir) => dir !== 'internal');
        expect(siblings, `${meta.tag}/${file}`).toEqual([]);
      }
    }
  });

  it('the committed widgets/generated/benefold-widgets.d.ts equals the generated output', () => {
    // If this fails: node --import tsx scripts/gen-widget-manifest.ts, and commit the file.
    expect(readFileSync(COMMITTED_DTS, 'utf8')).toBe(declarations());
  });

  it('describes every attribute, event, part and custom property in custom-elements.json', () => {
    const json = customElementsManifest();
    expect(json.schemaVersion).toBe('2.1.0');
    for (const meta of WIDGET_METAS) {
      const module = json.modules.find((m) => m.declarations[0].tagName === meta.tag)!;
      const decl = module.declarations[0];
      expect(decl.customElement).toBe(true);
      expect(decl.attributes.map((a) => a.name)).toEqual(meta.attributes.map((a) => a.name));
      expect(decl.attributes.map((a) => a.fieldName)).toEqual(meta.attributes.map(propertyName));
      expect(decl.events.map((e) => e.name)).toEqual(meta.events.map((e) => e.name));
      expect(decl.cssParts.length).toBeGreaterThan(0);
      expect(decl.cssProperties.every((p) => p.name.startsWith('--bf-'))).toBe(true);
      expect(module.exports).toContainEqual({
        kind: 'custom-element-definition',
        name: meta.tag,
        declaration: { name: meta.className, module: `widgets/${meta.tag}/index.ts` },
      });
      for (const e of meta.events) expect(e.name.startsWith(`${meta.tag.split('-')[0]}-`)).toBe(true);
      for (const a of meta.attributes) expect(a.name).toMatch(/^[a-z][a-z0-9-]*$/);
    }
  });

  it('uses every documented part in the component source, and documents every part used', () => {
    for (const meta of WIDGET_METAS) {
      const dir = `${widgetsDir}${meta.tag}/`;
      const source = [
        // The element's folder and its parts' folders (census-report/not-counted/).
        ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx')).map((f) => readFileSync(dir + f, 'utf8')),
        // Shared building blocks (form.tsx, the chart components of internal/charts/) render parts too.
        ...readdirSync(`${widgetsDir}internal`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx')).map((f) => readFileSync(`${widgetsDir}internal/${f}`, 'utf8')),
      ].join('\n');
      const used = new Set([...source.matchAll(/part(?:=|: ?)["'{]+([a-z -]+)["'}]/g)].flatMap((m) => m[1].trim().split(/\s+/)));
      for (const part of meta.cssParts) expect(used, `${meta.tag} ::part(${part.name})`).toContain(part.name);
    }
  });

  it('declares the tags for HTMLElementTagNameMap and React JSX', () => {
    const dts = declarations();
    for (const meta of WIDGET_METAS) {
      expect(dts).toContain(`'${meta.tag}': ${meta.className};`);
      expect(dts).toMatch(new RegExp(`'${meta.tag}': React\\.DetailedHTMLProps`));
      for (const e of meta.events) expect(dts).toContain(`'${e.name}': CustomEvent<${e.detail}>;`);
    }
    expect(dts).toContain('Benefold?: BenefoldGlobal;');
  });
});
