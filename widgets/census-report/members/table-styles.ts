/**
 * CSS of the member table, loaded with it on first use (MemberTable.tsx adopts it into the element's
 * shadow root). Wide: a grid of fixed-height rows that scrolls inside its own box, the header row
 * sticky. Under 40em (a phone): each row is a card of label and value pairs, the same height for
 * every card (the list is virtualised: it counts rows by height). Problems: an amber corner and tint
 * on the cell, and their reason in words (in the cell for screen readers, under the grid for the
 * active cell). A waiting edit is tinted with the primary colour; an applied hand edit is underlined.
 */
const COLS = '10em 14em 7.5em 8em 8em 7em 3.25em 5.5em 7em 7em 6.5em 5.5em 3.75em 4.25em 7.5em';
const LINE = 'color-mix(in srgb,var(--_color-text) 10%,transparent)';

export const MEMBER_TABLE_CSS = /* css */ `
.m-table{display:grid;gap:.75em;min-width:0}
.m-toolbar{display:flex;flex-wrap:wrap;gap:.75em 2em;align-items:end;justify-content:space-between}
.m-find,.m-fill{display:flex;flex-wrap:wrap;gap:.5em .75em;align-items:end;min-width:0}
.m-field{display:grid;gap:.25em;min-width:0}
.m-search{min-width:min(16em,100%);padding-block:.45em;min-height:2.5em}
.m-select{width:auto;appearance:auto;padding-block:.45em;min-height:2.5em}
.m-fill-value{width:9em;padding-block:.45em;min-height:2.5em}
.m-fill-button{padding-block:.55em;min-height:2.5em}
.m-problems{align-self:center;padding-block:.5em}
.m-shown{margin:0;align-self:center;flex-basis:100%}
.m-fill-error{flex-basis:100%}
.m-keys{margin:0}
.m-grid{position:relative;overflow:auto;max-height:min(36em,70vh);border:1px solid ${LINE};border-radius:4px;font-size:.875em;background:var(--_color-bg);overscroll-behavior:contain}
.m-body{position:relative}
.m-window{position:absolute;inset:0 auto auto 0;min-width:100%}
.m-row{display:grid;grid-template-columns:${COLS};height:2.6em;box-sizing:border-box;min-width:max-content;border-bottom:1px solid ${LINE}}
.m-head{position:sticky;top:0;z-index:2;width:max-content;min-width:100%;background:var(--_color-surface)}
.m-head-row{background:var(--_color-surface)}
.m-head-row{border-bottom-color:var(--_color-border)}
.m-cell{display:flex;align-items:center;gap:.4em;padding:0 .5em;overflow:hidden;white-space:nowrap;min-width:0;outline:none;position:relative;box-sizing:border-box}
.m-cell:focus{box-shadow:inset 0 0 0 2px var(--_color-focus)}
.m-text{overflow:hidden;text-overflow:ellipsis;min-width:0}
.m-th{font-weight:600;color:var(--_color-text-muted);cursor:pointer;user-select:none}
.m-th:hover{color:var(--_color-text)}
.m-th.sorted-ascending::after{content:"\\2191";color:var(--_color-text)}
.m-th.sorted-descending::after{content:"\\2193";color:var(--_color-text)}
.c-age,.c-annualSalary{justify-content:flex-end;font-variant-numeric:tabular-nums}
.c-where{font-variant-numeric:tabular-nums}
.m-row.is-active{background:color-mix(in srgb,var(--_color-text) 5%,transparent)}
.m-row.m-off .m-text{color:var(--_color-text-muted)}
.m-row.m-off .c-counted .m-text{font-style:italic}
.has-problem{background:color-mix(in srgb,#f5b83d 13%,transparent)}
.has-problem::after{content:"";position:absolute;top:0;inset-inline-end:0;border-style:solid;border-width:0 .7em .7em 0;border-color:transparent #e0a030 transparent transparent}
.is-draft{background:color-mix(in srgb,var(--_color-primary) 18%,transparent)}
.is-draft .m-text{font-weight:600}
.is-edited .m-text{text-decoration:underline dotted;text-underline-offset:.2em}
.is-unclear .m-text{text-decoration:underline wavy;text-decoration-color:var(--_color-text-muted);text-decoration-skip-ink:none;text-underline-offset:.25em}
.m-unclear{flex:none;display:inline-grid;place-items:center;width:1.35em;height:1.35em;border-radius:50%;border:1.5px dashed currentColor;color:var(--_color-text);font-size:.75em;font-weight:700;line-height:1}
.m-mark{font:inherit;font-size:.875em;margin-inline-start:auto;flex:none;background:none;border:1px solid var(--_color-border);border-radius:999px;color:var(--_color-text);padding:.1em .55em;cursor:pointer}
.m-mark:hover:not(:disabled){border-color:var(--_color-focus)}
.m-mark:disabled{opacity:.6;cursor:not-allowed}
.m-input{font:inherit;width:100%;height:2em;box-sizing:border-box;border:2px solid var(--_color-focus);border-radius:3px;background:var(--_color-bg);color:var(--_color-text);padding:0 .35em;outline:none;min-width:0}
.m-input[aria-invalid=true]{border-color:var(--_color-danger)}
.m-info{margin:0;min-height:1.5em;font-size:.875em;color:var(--_color-text-muted)}
.m-info.m-info-problem{color:var(--_color-text)}
.m-info.m-info-problem::before{content:"";display:inline-block;width:.6em;height:.6em;margin-inline-end:.45em;border-radius:2px;background:#e0a030}
.m-info.error{color:var(--_color-danger);font-weight:500}
.m-none{margin:0}
.m-apply .hint{font-size:.875em}
.m-actions{display:flex;flex-wrap:wrap;gap:.5em}
.m-actions .button{padding-block:.55em;min-height:2.5em;white-space:normal}
@container (max-width:40em){
.m-grid{max-height:60vh;font-size:.8125em}
.m-head{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.m-row{grid-template-columns:minmax(0,1fr) minmax(0,1fr);grid-auto-rows:2.7em;height:24.9em;min-width:0;padding:.3em .25em .45em;column-gap:.5em;align-content:start;border-bottom:2px solid ${LINE}}
.m-window{right:0}
.c-where,.c-counted{grid-column:1/-1}
.c-where{font-weight:600}
.m-cell{padding:0 .35em}
.m-cell[data-label]{flex-direction:column;align-items:flex-start;justify-content:center;gap:0;line-height:1.25}
.m-cell[data-label]::before{content:attr(data-label);color:var(--_color-text-muted);font-size:.85em;flex:none}
.c-where[data-label],.c-counted[data-label]{flex-direction:row;align-items:center;justify-content:flex-start;gap:.4em}
.c-where[data-label]::before{content:none}
.c-counted[data-label]::before{content:attr(data-label) ":";font-size:1em}
.m-text{max-width:100%}
.m-input{height:1.6em}
.m-fill-value{width:7em}
.m-search{width:100%}
.m-find .m-field{flex:1 1 100%}
.m-apply{position:static}
.m-actions .button{padding:.45em .9em;min-height:2.5em}
}
`;
