#!/usr/bin/env node
/**
 * Turns the <text> of the site's SVG illustrations into outlines drawn in Inter, the site's type.
 * An SVG shown through <img> cannot use the page's web font, so its text fell back to whatever
 * system font the visitor had. Each <text> becomes a <path> with the same fill, position, size,
 * weight and anchor (inherited from an enclosing <g> when the text element does not say).
 *
 * `node scripts/outline-svg-text.mjs [files...]` (default: site/public/img/art/*.svg) rewrites the
 * files in place; a file without <text> is left alone, so it is safe to run again. Draw new art with
 * <text> (easy to edit), then run this before committing.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

const root = fileURLToPath(new URL('..', import.meta.url));
const fontFile = join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
/**
 * fontkit reads a WOFF2 file's glyphs through its own decoder, which neither applies the variation
 * (the weight) to simple glyphs nor survives composite glyphs once variation coordinates are set.
 * Two small patches on its glyph classes: composites are decoded without variation (accented
 * letters, which our art does not use), and simple glyphs get the variation applied here, on a copy
 * of the decoded points (the decoder caches them for every weight).
 */
{
  const probe = fontkit.openSync(fontFile).getGlyph(1);
  const owner = (name) => {
    let proto = Object.getPrototypeOf(probe);
    while (proto && !Object.hasOwn(proto, name)) proto = Object.getPrototypeOf(proto);
    return proto;
  };
  const ttf = owner('_decodeComposite');
  const decodeComposite = ttf._decodeComposite;
  ttf._decodeComposite = function (glyph, stream, offset) {
    if (typeof this._getPhantomPoints === 'function') return decodeComposite.call(this, glyph, stream, offset);
    return decodeComposite.call({ _font: { _variationProcessor: null } }, glyph, stream, offset);
  };
  const woff2 = owner('_decode');
  const decode = woff2._decode;
  woff2._decode = function () {
    const glyph = decode.call(this);
    const processor = this._font._variationProcessor;
    if (!glyph || !processor || !(glyph.numberOfContours > 0)) return glyph;
    const copy = Object.assign(Object.create(Object.getPrototypeOf(glyph)), glyph);
    copy.points = glyph.points.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p)), p));
    // The four phantom points (horizontal origin and advance, vertical ones unused), from hmtx: the
    // glyph's own _getPhantomPoints would measure the path, which is what is being made.
    const { advance, bearing } = this._font.hmtx.metrics.get(this.id);
    const P = Object.getPrototypeOf(copy.points[0]).constructor;
    const origin = glyph.xMin - bearing;
    const phantom = [new P(false, true, origin, 0), new P(false, true, origin + advance, 0), new P(false, true, 0, glyph.yMax), new P(false, true, 0, glyph.yMax)];
    const points = [...copy.points, ...phantom];
    processor.transformPoints(this.id, points);
    copy.phantomPoints = points.slice(-4);
    return copy;
  };
}

/**
 * One font object per weight. fontkit's getVariation() loses the tables of a WOFF2 file, so each
 * weight opens the file afresh and sets its variation coordinates (the wght axis value) before use.
 */
const variations = new Map();
const fontOf = (weight) => {
  if (!variations.has(weight)) {
    const f = fontkit.openSync(fontFile);
    f.variationCoords = f.fvar.axis.map((axis) => (axis.axisTag.trim() === 'wght' ? weight : axis.defaultValue));
    variations.set(weight, f);
  }
  return variations.get(weight);
};

const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The attribute on the <text>, or on the innermost still-open <g> before it. */
function inherited(svg, pos, tag, name) {
  const own = attr(tag, name);
  if (own !== undefined) return own;
  const before = svg.slice(0, pos);
  let depth = 0;
  const tags = [...before.matchAll(/<g\b[^>]*>|<\/g>/g)].reverse();
  for (const m of tags) {
    if (m[0] === '</g>') depth++;
    else if (depth > 0) depth--;
    else {
      const v = attr(m[0], name);
      if (v !== undefined) return v;
    }
  }
  return undefined;
}

const decode = (s) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
/** Whole font units (1/2048 em): finer than any screen shows at these sizes. */
const round = (d) => d.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n))));

/**
 * Each glyph is drawn once per file and weight, in font units, as a <path> in <defs>; each text is
 * a group scaled to its size whose glyphs are <use>s placed by their advance. Letters repeat, so
 * this keeps the files smaller (the hero drawing: 42 KB as one path per text, 32 KB this way, 12 KB gzip).
 */
function outline(svg) {
  const defs = new Map();
  const body = svg.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (whole, attrs, content, offset) => {
    const tag = `<text${attrs}>`;
    const size = Number(inherited(svg, offset, tag, 'font-size') ?? 16);
    const weight = Number(inherited(svg, offset, tag, 'font-weight') ?? 400);
    const fill = inherited(svg, offset, tag, 'fill') ?? '#000';
    const anchor = inherited(svg, offset, tag, 'text-anchor') ?? 'start';
    const x = Number(attr(tag, 'x') ?? 0);
    const y = Number(attr(tag, 'y') ?? 0);
    const f = fontOf(weight);
    const glyphs = f.glyphsForString(decode(content));
    const scale = size / f.unitsPerEm;
    const width = glyphs.reduce((w, g) => w + g.advanceWidth, 0);
    const start = anchor === 'middle' ? x - (width * scale) / 2 : anchor === 'end' ? x - width * scale : x;
    let pen = 0;
    const uses = [];
    for (const glyph of glyphs) {
      const d = round(glyph.path.toSVG());
      if (d) {
        const id = `g${weight}-${glyph.id}`;
        if (!defs.has(id)) defs.set(id, d);
        uses.push(`<use href="#${id}"${pen ? ` x="${Math.round(pen)}"` : ''}/>`);
      }
      pen += glyph.advanceWidth;
    }
    const k = Math.round(scale * 1e6) / 1e6;
    return `<g fill="${fill}" transform="translate(${Math.round(start * 10) / 10} ${y}) scale(${k} -${k})">${uses.join('')}</g>`;
  });
  const defsTag = `<defs>${[...defs].map(([id, d]) => `<path id="${id}" d="${d}"/>`).join('')}</defs>`;
  return body.replace(/(<svg\b[^>]*>)/, `$1${defsTag}`);
}

const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(join(root, 'site/public/img/art')).filter((f) => f.endsWith('.svg')).map((f) => join(root, 'site/public/img/art', f));
for (const file of files) {
  const svg = readFileSync(file, 'utf8');
  if (!svg.includes('<text')) continue;
  const out = outline(svg)
    // The font attributes only served the text.
    .replace(/<g font-family="[^"]*" font-size="[^"]*" font-weight="[^"]*">/g, '<g>');
  writeFileSync(file, out);
  console.log(`outlined ${file.replace(root, '')}: ${(svg.match(/<text\b/g) ?? []).length} texts`);
}
