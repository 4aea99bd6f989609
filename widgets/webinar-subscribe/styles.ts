/** <webinar-subscribe>'s own CSS, on top of widgets/internal/styles.ts (BASE_CSS). */
export const styles = /* css */ `
.inline{display:grid;grid-template-columns:minmax(0,1fr) auto;grid-template-areas:"input button" "messages messages";column-gap:.625em;row-gap:.4em}
.inline>.input{grid-area:input}
.inline>.button{grid-area:button;min-width:8.75em}
.messages{grid-area:messages;display:grid;gap:.15em}
.error-hint{font-weight:400}
.status:empty{display:none}
.success{display:flex;gap:.9em;align-items:center;padding:1em 1.1em;border-radius:var(--_radius);color:var(--_color-text);background:rgba(94,229,154,.08);background:color-mix(in srgb,var(--_color-success) 9%,transparent);border:1px solid rgba(94,229,154,.35);border:1px solid color-mix(in srgb,var(--_color-success) 35%,transparent);outline:2px solid transparent;outline-offset:2px;animation:bf-pop .35s cubic-bezier(.2,.9,.3,1.2)}
.success:focus-visible{outline-color:var(--_color-focus)}
.success .icon{width:2.25em;height:2.25em;margin:0;color:var(--_color-success)}
.success-text{margin:0;font-weight:500}
@keyframes bf-pop{from{transform:scale(.96);opacity:0}to{transform:none;opacity:1}}
@container (max-width:30em){.inline{grid-template-columns:minmax(0,1fr);grid-template-areas:"input" "messages" "button";row-gap:.625em}.messages{margin-top:-.2em}}
`;
