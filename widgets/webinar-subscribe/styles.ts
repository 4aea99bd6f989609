/** <webinar-subscribe>'s own CSS, on top of widgets/internal/styles.ts (BASE_CSS). */
export const styles = /* css */ `
.inline{display:flex;gap:.625em;align-items:stretch}
.inline>.input{flex:1 1 auto;min-width:0}
.inline>.button{flex:none;min-width:7.5em}
.error-hint{font-weight:400;color:var(--_color-danger);opacity:.92}
.status:empty{display:none}
.success{display:flex;gap:.9em;align-items:center;padding:1em 1.1em;border-radius:var(--_radius);color:var(--_color-text);background:rgba(94,229,154,.08);background:color-mix(in srgb,var(--_color-success) 9%,transparent);border:1px solid rgba(94,229,154,.35);border:1px solid color-mix(in srgb,var(--_color-success) 35%,transparent);outline:2px solid transparent;outline-offset:2px;animation:bf-pop .35s cubic-bezier(.2,.9,.3,1.2)}
.success:focus-visible{outline-color:var(--_color-focus)}
.success .icon{width:2.25em;height:2.25em;margin:0;color:var(--_color-success)}
.success-text{margin:0;font-weight:500}
@keyframes bf-pop{from{transform:scale(.96);opacity:0}to{transform:none;opacity:1}}
@media (max-width:30em){.inline{flex-direction:column}.inline>.button{width:100%}}
`;
