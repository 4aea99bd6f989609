/**
 * CSS of the 'Not counted' table, loaded with it on first use (NotCountedTable.tsx adopts it into the
 * element's shadow root). A wide report shows a table that scrolls inside its own box; a narrow one
 * (under 40em, a phone) stacks each entry as who and row, the reason, then file and sheet, so the page
 * never scrolls sideways.
 */
export const NOT_COUNTED_TABLE_CSS = /* css */ `
.not-counted-wrap{overflow:auto;max-height:32em;max-width:100%;border-radius:4px}
.not-counted-wrap:focus-visible{outline:2px solid var(--_color-focus);outline-offset:2px}
.not-counted-table{width:100%;border-collapse:collapse;font-size:.875em}
.not-counted-table th,.not-counted-table td{text-align:start;padding:.4em .6em;border-bottom:1px solid color-mix(in srgb,var(--_color-text) 10%,transparent);vertical-align:top}
.not-counted-table thead th{position:sticky;top:0;z-index:1;background:var(--_color-surface);color:var(--_color-text-muted);font-weight:600;white-space:nowrap}
.not-counted-table .group th{padding-top:.9em;font-weight:700;color:var(--_color-text)}
.not-counted-table .c-row{font-variant-numeric:tabular-nums;white-space:nowrap}
.not-counted-table .c-file,.not-counted-table .c-sheet{max-width:16em;overflow-wrap:anywhere}
.not-counted-table .more td{color:var(--_color-text-muted);font-style:italic}
@container (max-width:40em){
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
