/**
 * CSS of the 'Members (N)' button and the panel around the member table, added to <census-report>'s
 * sheet in ../index.ts. The table's own CSS (table-styles.ts) comes with the table, loaded on first use.
 */
export const MEMBERS_CSS = /* css */ `
.members-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.4em 1em}
.members-bar .hint{margin:0;flex:1 1 16em;font-size:.875em}
.members-toggle[aria-expanded=true]{border-color:var(--_color-focus)}
.members-toggle.button.secondary:hover:not(:disabled){border-color:var(--_color-focus);color:var(--_color-text)}
.members{display:grid;gap:.75em;padding:1em 1.25em;border-radius:var(--_radius-lg);border:1px solid var(--_color-border);background:var(--_color-surface);min-width:0}
.members-head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5em 1em}
.members-title{margin:0;font-size:1em;font-weight:700;outline:none}
.members-title:focus-visible{outline:2px solid var(--_color-focus);outline-offset:2px}
.members .button.secondary:hover:not(:disabled){border-color:var(--_color-focus);color:var(--_color-text)}
@container (max-width:40em){.members{padding:.9em .75em}}
`;
