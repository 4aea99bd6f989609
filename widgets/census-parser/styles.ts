/** <census-parser>'s own CSS, on top of widgets/internal/styles.ts (BASE_CSS). */
import { LIGHT_THEME_CSS } from '../internal/styles';

/**
 * The cards draw their own surface (background and text colour together), so the element stays
 * legible on any page; `theme="light"` switches the token defaults for white pages, as on <census-report>.
 */
export const styles = /* css */ `
:host{color-scheme:dark}
${LIGHT_THEME_CSS}
.origin-refused{margin:0 0 1em;padding:.75em 1em;border:1px solid var(--_color-danger);border-radius:var(--_radius);color:var(--_color-text);font-size:.9375em}
.other-files{margin:0;color:var(--_color-text-muted);font-size:.875em}
.keep-ssn{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.2em .55em;align-items:start;font-size:.9375em}
.keep-ssn input{margin:.2em 0 0;width:1.1em;height:1.1em;accent-color:var(--_color-primary);cursor:pointer}
.keep-ssn label{font-weight:600;cursor:pointer}
.keep-ssn .hint{grid-column:2}
.field-error{margin:0;color:var(--_color-danger);font-size:.875em;font-weight:500}
:host{--_accent-soft:rgba(79,95,232,.16);--_accent-soft:color-mix(in srgb,var(--_color-primary) 16%,transparent)}
.stack{display:grid;gap:1.25em}
.drop{display:grid;justify-items:center;gap:.5em;text-align:center;padding:2.25em 1.25em;border:2px dashed var(--_color-border);border-radius:var(--_radius-lg);background:var(--_color-bg);cursor:pointer;outline:2px solid transparent;outline-offset:3px;transition:border-color var(--_duration) ease,background-color var(--_duration) ease}
.drop:hover{border-color:var(--_color-focus)}
.drop:focus-visible{outline-color:var(--_color-focus);border-color:var(--_color-focus)}
.drop[data-dragging]{border-color:var(--_color-primary);border-style:solid;background:var(--_accent-soft)}
.drop-icon{width:2.75em;height:2.75em;color:var(--_color-focus)}
.drop-text{font-weight:600;font-size:1.0625em}
.browse{color:var(--_color-focus);text-decoration:underline;text-underline-offset:.2em}
.notice{margin:0;text-align:center;color:var(--_color-danger);font-size:.875em;font-weight:500}
.file{display:flex;align-items:center;gap:.75em;min-width:0}
.file-icon{flex:none;width:2.5em;height:2.5em}
.file-icon.csv{color:var(--_color-success)}
.file-icon.spreadsheet{color:var(--_color-focus)}
.file-text{display:grid;min-width:0}
.file-name{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.file-state{color:var(--_color-text-muted);font-size:.875em}
.file-state.ready{color:var(--_color-success);font-weight:600}
.progress-row{display:flex;align-items:center;gap:.75em}
.progress{flex:1;appearance:none;-webkit-appearance:none;height:.5em;border:0;border-radius:999px;overflow:hidden;background:var(--_accent-soft);color:var(--_color-primary)}
.progress::-webkit-progress-bar{background:var(--_accent-soft);border-radius:999px}
.progress::-webkit-progress-value{background:var(--_color-primary);border-radius:999px;transition:width var(--_duration) linear}
.progress::-moz-progress-bar{background:var(--_color-primary);border-radius:999px}
.progress-pct{font-variant-numeric:tabular-nums;font-size:.875em;color:var(--_color-text-muted);min-width:3.2em;text-align:end}
.tracker{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:.25em;counter-reset:step}
.step{position:relative;display:grid;justify-items:center;gap:.45em;text-align:center;font-size:.8125em;color:var(--_color-text-muted);counter-increment:step}
.step::before{content:"";position:absolute;top:.95em;right:50%;width:100%;height:2px;background:var(--_color-border);z-index:0}
.step:first-child::before{display:none}
.step-dot{position:relative;z-index:1;display:grid;place-items:center;width:1.9em;height:1.9em;border-radius:50%;border:2px solid var(--_color-border);background:var(--_color-surface);font-weight:700;font-size:1em}
.step-dot::after{content:counter(step)}
.step.reached{color:var(--_color-text)}
.step.reached::before{background:var(--_color-primary)}
.step.reached .step-dot{border-color:var(--_color-primary);background:var(--_color-primary);color:var(--_color-on-primary)}
.step.reached .step-dot::after{content:"\\2713"}
.step.current .step-dot::after{content:counter(step)}
.step.current.pulse .step-dot{animation:bf-pulse 1.4s ease-in-out infinite}
.step.done .step-dot::after{content:"\\2713"}
@keyframes bf-pulse{0%,100%{box-shadow:0 0 0 0 rgba(79,95,232,.6);box-shadow:0 0 0 0 color-mix(in srgb,var(--_color-primary) 60%,transparent)}50%{box-shadow:0 0 0 .55em transparent}}
.processing{display:grid;gap:1.25em}
.processing+.subpanel,.error-view+.subpanel{margin-top:1.25em}
.subpanel{display:grid;gap:.75em;padding-top:1.25em;border-top:1px solid rgba(255,255,255,.08);border-top:1px solid color-mix(in srgb,var(--_color-text) 9%,transparent)}
.subheading{margin:0;font-size:1em;font-weight:700}
.subintro{margin:-.5em 0 0;color:var(--_color-text-muted);font-size:.9375em}
.inline{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.625em}
.button.sent{background:#1f8a4c;background:color-mix(in srgb,var(--_color-success) 45%,#0b3d22);color:#fff;box-shadow:none}
.button.sent:disabled{opacity:1;cursor:default}
.button .icon{margin:0}
.sent-line{margin:0;font-size:.875em;color:var(--_color-success)}
.sent-line strong{color:var(--_color-text);font-weight:600;word-break:break-all}
.error-view{display:grid;justify-items:center;gap:.75em;text-align:center;padding:1em 0}
.sad{width:5em;height:5em;color:var(--_color-danger)}
.error-title{margin:0;font-size:1.125em;font-weight:700;color:var(--_color-text)}
.error-text{margin:0;color:var(--_color-danger)}
.error-detail{margin:0;color:var(--_color-text-muted);font-size:.9375em;max-width:34em}
.password{display:grid;gap:.75em}
.actions{display:flex;flex-wrap:wrap;gap:.625em}
.button.secondary{background:transparent;color:var(--_color-text);border-color:var(--_color-border);box-shadow:none}
.button.secondary:hover:not(:disabled){background:var(--_accent-soft)}
.done-line{margin:0;display:flex;flex-wrap:wrap;gap:.5em 1em;align-items:center;color:var(--_color-success);font-weight:600}
.link{color:var(--_color-focus);font-weight:600;text-underline-offset:.2em;outline:2px solid transparent;outline-offset:2px;border-radius:2px}
.link:focus-visible{outline-color:var(--_color-focus)}
.lower{margin-top:1.25em;display:grid;grid-template-columns:minmax(0,1fr) auto;gap:1.25em 2em;align-items:center}
.lower .heading{margin-bottom:.35em;font-size:1.125em}
.lower .intro{margin:0 0 1em;font-size:.9375em}
.intake{display:flex;flex-wrap:wrap;align-items:center;gap:.625em 1em}
.intake-email{font-weight:600;word-break:break-all;color:var(--_color-text)}
.qr{margin:0;display:grid;justify-items:center;gap:.4em;text-align:center}
.qr-code{width:7.5em;height:7.5em;padding:.4em;background:#fff;color:#0a0f1e;border-radius:var(--_radius)}
.qr figcaption{font-size:.8125em;color:var(--_color-text-muted);max-width:9em}
@container (max-width:34em){.lower{grid-template-columns:minmax(0,1fr)}.qr{justify-self:start;justify-items:start;text-align:start}.qr figcaption{max-width:none}.inline{grid-template-columns:minmax(0,1fr)}.step{font-size:.6875em}.drop{padding:1.75em 1em}}
@media (prefers-reduced-motion:reduce){.step.current.pulse .step-dot{animation:none;box-shadow:0 0 0 .3em rgba(79,95,232,.45);box-shadow:0 0 0 .3em color-mix(in srgb,var(--_color-primary) 45%,transparent)}}
@media (forced-colors:active){.drop{border-color:ButtonText}.step.reached .step-dot{forced-color-adjust:none;background:Highlight;color:HighlightText}}
`;
