/**
 * CSS of the 'Not counted' view, added to <census-report>'s sheet in ../index.ts (the element's
 * styles go through adoptedStyleSheets: no style attributes under a strict CSP). A wide report shows
 * a table that scrolls inside its own box; a narrow one (under 40em, a phone) stacks each entry as
 * who and row, the reason, then file and sheet, so the page never scrolls sideways.
 */
export const NOT_COUNTED_CSS = /* css */ `
.not-counted-toggle{font:inherit;font-size:.875em;justify-self:start;display:inline-flex;align-items:center;gap:.45em;background:none;border:0;padding:.35em 0;min-height:2.75em;color:var(--_color-text);text-decoration:underline;text-underline-offset:.2em;cursor:pointer;border-radius:4px;outline:2px solid transparent;outline-offset:2px}
.not-counted-toggle::after{content:"";width:.45em;height:.45em;border:solid currentColor;border-width:0 2px 2px 0;transform:translateY(-.15em) rotate(45deg)}
.not-counted-toggle[aria-expanded=true]::after{transform:translateY(.1em) rotate(-135deg)}
.not-counted-toggle:hover{text-decoration-thickness:2px}
.not-counted-toggle:focus-visible{outline-color:var(--_color-focus)}
.not-counted{display:grid;gap:.75em;padding:1em 1.25em;border-radius:var(--_radius-lg);border:1px solid var(--_color-border);background:var(--_color-surface);min-width:0}
.not-counted-title{margin:0;font-size:1em;font-weight:700;outline:none}
.not-counted-title:focus-visible{outline:2px solid var(--_color-focus);outline-offset:2px}
.not-counted .hint{font-size:.875em}
.not-counted-wrap{overflow:auto;max-height:32em;max-width:100%;border-radius:4px}
.not-counted-wrap:focus-visible{outline:2px solid var(--_color-focus);outline-offset:2px}
.not-counted-table{width:100%;border-collapse:collapse;font-size:.875em}
.not-counted-table th,.not-counted-table td{text-align:start;padding:.4em .6em;border-bottom:1px solid color-mix(in srgb,var(--_color-text) 10%,transparent);vertical-align:top}
.not-counted-table thead th{position:sticky;top:0;z-index:1;background:var(--_color-surface);color:var(--_color-text-muted);font-weight:600;white-space:nowrap}
.not-counted-table .group th{padding-top:.9em;font-weight:700;color:var(--_color-text)}
.not-counted-table .c-row{font-variant-numeric:tabular-nums;white-space:nowrap}
.not-counted-table .c-file,.not-counted-table .c-sheet{max-width:16em;overflow-wrap:anywhere}
.not-counted-table .more td{color:var(--_color-text-muted);font-style:italic}
.not-counted-actions{display:flex;flex-wrap:wrap;gap:.6em}
@container (max-width:40em){
.not-counted{padding:.9em 1em}
.not-counted-wrap{max-height:none;overflow:visible}
.not-counted-table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.not-counted-table,.not-counted-table tbody,.not-counted-table tr,.not-counted-table th,.not-counted-table td{display:block}
.not-counted-table .entry{display:grid;grid-template-columns:minmax(0,1fr) auto;grid-template-areas:"who row" "reason reason" "file sheet";gap:.15em .75em;padding:.55em 0;border-bottom:1px solid color-mix(in srgb,var(--_color-text) 10%,transparent)}
.not-counted-table .entry>td{border:0;padding:0;max-width:none;min-width:0}
.not-counted-table .c-who{grid-area:who;font-weight:600}
.not-counted-table .c-row{grid-area:row;text-align:end}
.not-counted-table .c-reason{grid-area:reason}
.not-counted-table .c-file{grid-area:file}
.not-counted-table .c-sheet{grid-area:sheet;text-align:end}
.not-counted-table .c-file,.not-counted-table .c-sheet{font-size:.875em;color:var(--_color-text-muted)}
.not-counted-table .c-row::before,.not-counted-table .c-sheet::before{content:attr(data-label) " ";color:var(--_color-text-muted)}
.not-counted-table .group th{padding:.9em 0 .3em}
.not-counted-table .more td{padding:.5em 0}
}
`;
