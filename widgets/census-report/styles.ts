/** <census-report>'s own CSS, on top of BASE_CSS; the charts' CSS is added in ./index.ts. */
import { LIGHT_THEME_CSS } from '../internal/styles';

/** Bar widths of the tiers card by class (w0 ... w100 in steps of 5): no style attributes under a strict CSP. */
const TIER_BARS = Array.from({ length: 21 }, (_, i) => `.tier-bar.w${i * 5}{--_w:${i * 5}%}`).join('');

/**
 * The element draws its own surface (background and text colour together), so it stays legible on
 * any host page; `theme="light"` switches the token defaults for white pages.
 */
export const styles = /* css */ `
:host{color-scheme:dark}
${LIGHT_THEME_CSS}
:host([theme=light]){--_map-zero:var(--bf-map-zero,#e4e7ee)}
.report{display:grid;grid-template-columns:minmax(0,1fr);gap:1.25em;background:var(--_color-bg);color:var(--_color-text);padding:clamp(.75em,2.5vw,1.5em);border-radius:var(--_radius-lg)}
.summary{margin:-.5em 0 0;color:var(--_color-text-muted);max-width:60em}
.tile-note{margin:-.5em 0 0;font-size:.8125em;color:var(--_color-text-muted)}
.tile-note-empty{display:block;height:1.5em}
.skeleton-summary{display:block;height:3em;width:min(100%,48em)}
@container (max-width:38em){.skeleton-summary{height:10.5em}}
.grid{grid-template-columns:minmax(0,1fr)}
@container (min-width:38em){.grid{grid-template-columns:repeat(2,minmax(0,1fr))}.grid.cards-5>.tile:nth-child(5){grid-column:span 2}}
@container (min-width:64em){.grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
.tiers{list-style:none;margin:0;padding:0;display:grid;gap:.7em}
.tier{display:grid;grid-template-columns:1fr auto 3.5em;gap:.2em .75em;align-items:baseline}
.tier-count{font-weight:700;font-variant-numeric:tabular-nums}
.tier-share{text-align:end;font-size:.875em;font-variant-numeric:tabular-nums}
.tier-bar{grid-column:1/-1;height:.4em;border-radius:999px;background:color-mix(in srgb,var(--_color-text) 10%,transparent);position:relative;overflow:hidden}
.tier-bar::after{content:"";position:absolute;inset:0 auto 0 0;width:var(--_w,0%);background:var(--_color-primary);border-radius:inherit}
${TIER_BARS}
.notice{display:grid;gap:.6em;padding:1em 1.25em;border-radius:var(--_radius-lg);border:1px solid var(--_color-border);background:var(--_color-surface)}
.notice-review{border-color:#e0b252;border-color:color-mix(in srgb,#f5b83d 70%,var(--_color-border))}
.review-flag{font:inherit;font-size:.875em;justify-self:start;display:inline-flex;align-items:center;gap:.45em;background:none;border:0;padding:.35em 0;min-height:2.75em;color:var(--_color-text);text-decoration:underline;text-decoration-color:#e0b252;text-decoration-thickness:2px;text-underline-offset:.2em;cursor:pointer;border-radius:4px;outline:2px solid transparent;outline-offset:2px}
.review-flag::before{content:"";flex:none;width:.6em;height:.6em;border-radius:50%;background:#e0b252}
.review-flag:focus-visible{outline-color:var(--_color-focus,currentColor)}
.notice-title{margin:0;font-size:1em;font-weight:700}
.notice-text{margin:0}
.notice-list{margin:0;padding-inline-start:1.25em;display:grid;gap:.3em}
.notice-actions{display:flex;flex-wrap:wrap;gap:.6em}
.notice .button,.apply-row .button{white-space:normal;text-align:center;max-width:100%}
.message-info{color:var(--_color-text);background:var(--_color-surface);border:1px solid var(--_color-border);align-items:center}
.error-text{margin:0;max-width:36em;color:var(--_color-text-muted)}
a.button{text-decoration:none}
.badge{display:inline-block;margin-inline-start:.5em;padding:.05em .5em;border-radius:999px;font-size:.75em;font-weight:600;border:1px solid color-mix(in srgb,#f5b83d 70%,var(--_color-border));color:var(--_color-text)}
.badge-yours{border-color:var(--_color-focus)}
.reading-table tr.flagged>*{background:color-mix(in srgb,#f5b83d 8%,transparent)}
.reading-table tr.edited>*{background:color-mix(in srgb,var(--_color-primary) 12%,transparent)}
.select-small{box-sizing:border-box;min-height:2.25em;padding:.3em .5em;width:auto;max-width:100%;min-width:11em;appearance:auto}
.input-small{min-height:2.25em;padding:.3em .5em;width:6em}
.sheet-list{list-style:none;margin:0;padding:0;display:grid;gap:.5em}
.sheet-row{display:flex;flex-wrap:wrap;gap:.5em 1.5em;align-items:center}
.check{display:flex;gap:.5em;align-items:flex-start;cursor:pointer}
.check input{margin:.3em 0 0;width:1.05em;height:1.05em;accent-color:var(--_color-primary)}
.check .hint{display:block}
.header-row{display:flex;gap:.5em;align-items:center;font-size:.875em}
.apply-row{display:flex;flex-wrap:wrap;gap:.5em 1em;align-items:center;justify-content:space-between;position:sticky;bottom:0;z-index:2;background:var(--_color-surface);padding:.6em 0;border-top:1px solid color-mix(in srgb,var(--_color-text) 10%,transparent)}
.apply-row .hint{margin:0;flex:1 1 14em}
.apply-row .button{padding-block:.6em}
.as-of{display:flex;flex-wrap:wrap;align-items:center;gap:.4em .75em}
.as-of .label{margin:0;font-weight:600}
.as-of .input-date{width:auto;min-width:11em;padding-block:.45em;min-height:2.5em}
.as-of .hint{margin:0;flex-basis:100%;color:var(--_color-text-muted);font-size:.875em}
.as-of .button.secondary:hover:not(:disabled){border-color:var(--_color-focus);color:var(--_color-text)}
.add-file{display:flex;flex-wrap:wrap;align-items:center;gap:.4em 1em}
.add-file .button.secondary:hover:not(:disabled){border-color:var(--_color-focus);color:var(--_color-text)}
.add-file .hint{margin:0;flex:1 1 16em;color:var(--_color-text-muted);font-size:.875em}
.add-result{margin:0;flex-basis:100%;font-size:.875em;color:var(--_color-success)}
.add-result:empty{display:none}
.add-result.error{color:var(--_color-danger)}
.hint.applied{color:var(--_color-success);font-weight:600}
.toolbar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:1em 1.5em}
.title{margin:0;font-size:clamp(1.35em,1.1em + 1vw,1.75em);line-height:1.2;font-weight:700;letter-spacing:-.015em}
.controls{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.4fr) auto;grid-template-areas:"label tlabel ." "select target button" ". mark .";gap:.4em .625em;flex:0 1 40em;min-width:min(100%,26em);max-width:100%}
.target-mark{grid-area:mark;font-size:.8125em;line-height:1.5;color:var(--_color-text-muted);min-height:1.5em}
.target-mark.to-fix{color:var(--_color-danger)}
.keep-ssn{grid-column:1/-1;display:grid;grid-template-columns:auto minmax(0,1fr);gap:.15em .5em;align-items:start;font-size:.875em}
.keep-ssn input{margin:.2em 0 0;width:1.05em;height:1.05em;accent-color:var(--_color-primary);cursor:pointer}
.keep-ssn input:disabled{cursor:default}
.keep-ssn label{font-weight:600;cursor:pointer}
.keep-ssn .hint{grid-column:2}
.controls .label{grid-area:label}
.controls .tlabel{grid-area:tlabel}
.select{grid-area:select;appearance:auto;padding-block:.55em;min-height:2.875em;text-overflow:ellipsis;min-width:0;max-width:100%}
.select.target{grid-area:target}
.controls .button{grid-area:button}
@container (max-width:44em){.controls{grid-template-columns:minmax(0,1fr) auto;grid-template-areas:"label label" "select select" "tlabel tlabel" "target button" "mark mark";min-width:0;width:100%}}
.fix-list{display:grid;gap:.6em;border:1px solid var(--_color-border);background:var(--_color-surface);color:var(--_color-text)}
.fix-holds{margin:0;font-size:.9375em}
.fix-title{margin:0;font-size:1em;font-weight:700;outline:none}
.fix-title:focus-visible{outline:2px solid var(--_color-focus);outline-offset:2px}
.fix-items{margin:0;padding-inline-start:1.1em;display:grid;gap:.35em;font-size:.9375em}
.tag{display:inline-block;font-size:.75em;font-weight:700;padding:.1em .45em;border-radius:999px;border:1px solid var(--_color-border);color:var(--_color-text-muted)}
.tag-block{border-color:var(--_color-danger);color:var(--_color-danger)}
.fix-actions{display:flex;flex-wrap:wrap;gap:.6em}
.fix-actions .button{white-space:normal;text-align:center}
.grid{display:grid;gap:1.25em}
.tile{display:grid;align-content:start;gap:.9em;padding:clamp(1em,3vw,1.5em);min-width:0}
.tile.wide{grid-column:1/-1}
.tile-title{margin:0;font-size:1em;font-weight:700;color:var(--_color-text-muted);letter-spacing:.01em}
.lives{display:grid;gap:.6em}
.total{margin:0;font-size:clamp(2.5em,2em + 2vw,3.5em);font-weight:800;line-height:1;letter-spacing:-.03em;font-variant-numeric:tabular-nums}
.footnote{margin:0;font-size:.8125em;color:var(--_color-text-muted)}
.split{list-style:none;margin:.25em 0 0;padding:0;display:grid;gap:.3em;font-size:.9375em}
.split li{display:flex;justify-content:space-between;gap:1em;border-top:1px solid color-mix(in srgb,var(--_color-text) 9%,transparent);padding-top:.3em}
.split-count{font-weight:700;font-variant-numeric:tabular-nums}
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
@container (max-width:40em){.reading-table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}.reading-table,.reading-table tbody,.reading-table tr,.reading-table th,.reading-table td{display:block}.reading-table tr{display:flex;flex-direction:column;padding:.6em 0;border-bottom:1px solid color-mix(in srgb,var(--_color-text) 10%,transparent)}.reading-table th,.reading-table td{border:0;padding:.1em 0}.reading-table td:empty{display:none}.reading-table tbody th{order:-1}.reading-table td[data-label]::before{content:attr(data-label) ": ";color:var(--_color-text-muted);font-weight:400}.reading-table tr>*{min-width:0;max-width:100%}.reading-table .select-small{width:100%;min-width:0;box-sizing:border-box}}
@media (prefers-reduced-motion:reduce){.skeleton{animation:none}}
`;
