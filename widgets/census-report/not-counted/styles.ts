/**
 * CSS of the 'Not counted' toggle and panel, added to <census-report>'s sheet in ../index.ts (the
 * element's styles go through adoptedStyleSheets: no style attributes under a strict CSP). The
 * table's own CSS (table-styles.ts) comes with the table, loaded on first use.
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
.not-counted-actions{display:flex;flex-wrap:wrap;gap:.6em}
@container (max-width:40em){.not-counted{padding:.9em 1em}}
`;
