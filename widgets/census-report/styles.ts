/** <census-report>'s own CSS, on top of BASE_CSS; the charts' CSS is added in ./index.ts. */
export const styles = /* css */ `
.report{display:grid;gap:1.25em}
.toolbar{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:1em 1.5em}
.title{margin:0;font-size:clamp(1.35em,1.1em + 1vw,1.75em);line-height:1.2;font-weight:700;letter-spacing:-.015em}
.controls{display:grid;grid-template-columns:minmax(0,1fr) auto;grid-template-areas:"label label" "select button";gap:.4em .625em;min-width:min(100%,26em)}
.controls .label{grid-area:label}
.select{grid-area:select;appearance:auto;padding-block:.55em;min-height:2.875em;text-overflow:ellipsis}
.controls .button{grid-area:button}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,20em),1fr));gap:1.25em}
.tile{display:grid;align-content:start;gap:.9em;padding:clamp(1em,3vw,1.5em);min-width:0}
.tile.wide{grid-column:1/-1}
.tile-title{margin:0;font-size:1em;font-weight:700;color:var(--_color-text-muted);letter-spacing:.01em}
.lives{display:grid;gap:.6em}
.total{margin:0;font-size:clamp(2.5em,2em + 2vw,3.5em);font-weight:800;line-height:1;letter-spacing:-.03em;font-variant-numeric:tabular-nums}
.footnote{margin:0;font-size:.8125em;color:var(--_color-text-muted)}
.per-file{list-style:none;margin:0;padding:0;display:grid;gap:.3em;font-size:.875em}
.per-file li{display:flex;justify-content:space-between;gap:1em;border-top:1px solid color-mix(in srgb,var(--_color-text) 9%,transparent);padding-top:.3em}
.per-file-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:var(--_color-text-muted)}
.per-file-lives{font-weight:700;font-variant-numeric:tabular-nums}
.skeleton{display:block;border-radius:var(--_radius);background:linear-gradient(90deg,color-mix(in srgb,var(--_color-text) 6%,transparent) 25%,color-mix(in srgb,var(--_color-text) 13%,transparent) 50%,color-mix(in srgb,var(--_color-text) 6%,transparent) 75%);background-size:200% 100%;animation:bf-shimmer 1.3s ease-in-out infinite}
.skeleton-figure{height:3.5em;width:60%}
.skeleton-chart{height:var(--bf-chart-height,16em)}
@keyframes bf-shimmer{from{background-position:100% 0}to{background-position:-100% 0}}
.error-page{display:grid;justify-items:center;gap:1em;padding:4em 1em;text-align:center}
.error-title{margin:0;font-size:clamp(1.5em,1.2em + 1.5vw,2.25em);font-weight:800}
.reading{padding:0}
.reading-summary{cursor:pointer;padding:1em 1.25em;font-weight:700;border-radius:var(--_radius-lg);outline:2px solid transparent;outline-offset:2px}
.reading-summary:focus-visible{outline-color:var(--_color-focus)}
.reading-body{padding:0 1.25em 1.25em;display:grid;gap:.75em}
.reading-body .intro{margin:0}
.table-wrap{overflow-x:auto}
.reading-table{width:100%;border-collapse:collapse;font-size:.875em}
.reading-table th,.reading-table td{text-align:start;padding:.45em .6em;border-bottom:1px solid color-mix(in srgb,var(--_color-text) 10%,transparent);vertical-align:top}
.reading-table thead th{color:var(--_color-text-muted);font-weight:600}
.reading-table tbody th{font-weight:600}
.muted{color:var(--_color-text-muted)}
.reading-heading{margin:.5em 0 0;font-size:.9375em}
.reading-list{margin:0;padding-inline-start:1.25em;display:grid;gap:.3em;font-size:.9375em}
.danger-zone{display:flex;justify-content:flex-end}
.button.secondary{background:transparent;color:var(--_color-text);border-color:var(--_color-border);box-shadow:none}
.button.secondary:hover:not(:disabled){border-color:var(--_color-danger);color:var(--_color-danger);background:transparent}
.table-wrap:focus-visible{outline:2px solid var(--_color-focus);outline-offset:2px;border-radius:4px}
@container (max-width:40em){.reading-table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}.reading-table,.reading-table tbody,.reading-table tr,.reading-table th,.reading-table td{display:block}.reading-table tr{display:flex;flex-direction:column;padding:.6em 0;border-bottom:1px solid color-mix(in srgb,var(--_color-text) 10%,transparent)}.reading-table th,.reading-table td{border:0;padding:.1em 0}.reading-table td:empty{display:none}.reading-table tbody th{order:-1}.reading-table td[data-label]::before{content:attr(data-label) ": ";color:var(--_color-text-muted);font-weight:400}}
@media (prefers-reduced-motion:reduce){.skeleton{animation:none}}
`;
