/**
 * Design tokens and base form styles shared by every element.
 *
 * Public API (documented in each element's meta and in custom-elements.json):
 *  - CSS custom properties `--bf-*` (TOKENS below). Set them anywhere above the element, e.g.
 *    `:root { --bf-color-primary: #0a7 }` or `case-study-form { --bf-radius: 0 }`: each is read
 *    through a private `--_*` copy with the default as fallback, so page-level values inherit in.
 *  - `::part()` names, listed per element.
 * Dark theme by default; every text colour pair passes WCAG AA (checked with axe in
 * scripts/dev/look.mjs). Motion is switched off under `prefers-reduced-motion: reduce`.
 *
 * Styles reach the shadow root through adoptedStyleSheets (constructable sheets, one per key,
 * shared by every instance), which a strict `style-src` CSP allows. Only where constructable sheets
 * are missing (jsdom, Safari < 16.4) is a <style> element used instead.
 */

export interface Token {
  /** The default value. */
  value: string;
  description: string;
}

/** name (without the `--bf-` prefix) -> default and description. */
export const TOKENS = {
  'color-bg': { value: '#0a0f1e', description: 'Background of inputs (the page background of the dark theme).' },
  'color-surface': { value: '#111a2e', description: 'Background of the card that holds the form.' },
  'color-border': { value: '#56648a', description: 'Borders of inputs (3:1 against both backgrounds).' },
  'color-text': { value: '#eef2fb', description: 'Body text.' },
  'color-text-muted': { value: '#a7b1c9', description: 'Secondary text: intro, placeholders, hints.' },
  'color-primary': { value: '#4f5fe8', description: 'Buttons and accents.' },
  'color-primary-hover': { value: '#4352d6', description: 'Buttons under the pointer.' },
  'color-on-primary': { value: '#ffffff', description: 'Text on primary-coloured buttons.' },
  'color-focus': { value: '#8b9bff', description: 'Focus rings.' },
  'color-danger': { value: '#ff8b8b', description: 'Error text, invalid inputs.' },
  'color-success': { value: '#5ee59a', description: 'Success text and ticks.' },
  radius: { value: '8px', description: 'Corner radius of inputs, buttons and messages.' },
  'radius-lg': { value: '14px', description: 'Corner radius of the card.' },
  'font-family': {
    value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    description: 'Font stack (set `inherit` to use the page font).',
  },
  'font-size': { value: '16px', description: 'Base font size; everything else scales in em.' },
  shadow: { value: '0 24px 48px -24px rgba(0, 0, 0, 0.6)', description: 'Shadow of the card.' },
  'card-padding': { value: 'clamp(1.25em, 4vw, 2.25em)', description: 'Inner spacing of the card.' },
  duration: { value: '160ms', description: 'Length of hover and focus transitions.' },
} as const satisfies Record<string, Token>;

export type TokenName = keyof typeof TOKENS;

/** The tokens as cssProperties entries for an element's meta. */
export function tokenDocs(): { name: string; default: string; description: string }[] {
  return Object.entries(TOKENS).map(([name, t]) => ({ name: `--bf-${name}`, default: t.value, description: t.description }));
}

/**
 * The light theme's defaults (`theme="light"` on an element that supports it): the same tokens, for
 * a white host page. Page-level `--bf-*` values still win. Every text pair passes WCAG AA on
 * color-surface and color-bg (checked with axe in tests/e2e/census-report-theme.test.ts).
 */
export const LIGHT_TOKENS: Partial<Record<TokenName, string>> = {
  'color-bg': '#ffffff',
  'color-surface': '#f5f7fc',
  'color-border': '#7c86a2',
  'color-text': '#111827',
  'color-text-muted': '#4b5568',
  'color-primary': '#3f4fd8',
  'color-primary-hover': '#3442c0',
  'color-focus': '#3f4fd8',
  'color-danger': '#b42318',
  'color-success': '#0f7a3d',
  shadow: '0 12px 32px -20px rgba(17, 24, 39, 0.35)',
};

/** `:host([theme=light])` re-declares the private token copies with the light defaults. */
export const LIGHT_THEME_CSS = `:host([theme=light]){color-scheme:light;${Object.entries(LIGHT_TOKENS)
  .map(([name, value]) => `--_${name}:var(--bf-${name},${value});`)
  .join('')}}`;

const tokenDeclarations = Object.entries(TOKENS)
  .map(([name, t]) => `--_${name}:var(--bf-${name},${t.value});`)
  .join('');

/** Token plumbing, layout primitives and the form controls every element uses. */
export const BASE_CSS = /* css */ `
:host{${tokenDeclarations}display:block;container-type:inline-size;box-sizing:border-box;color:var(--_color-text);font-family:var(--_font-family);font-size:var(--_font-size);line-height:1.5;-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;text-align:start}
:host([hidden]){display:none}
[data-bf-mount]{display:contents}
*,*::before,*::after{box-sizing:inherit}
.card{background:var(--_color-surface);border:1px solid rgba(255,255,255,.08);border:1px solid color-mix(in srgb,var(--_color-text) 9%,transparent);border-radius:var(--_radius-lg);padding:var(--_card-padding);box-shadow:var(--_shadow)}
.heading{margin:0 0 1em;font-size:clamp(1.3em,1.05em + 1vw,1.5em);line-height:1.25;font-weight:700;letter-spacing:-.015em;color:var(--_color-text);text-wrap:balance}
.heading+.intro{margin-top:-.6em}
.intro{margin:0 0 1.5em;color:var(--_color-text-muted)}
.form{display:grid;gap:1.125em;margin:0}
.row{display:grid;gap:1.125em;grid-template-columns:repeat(auto-fit,minmax(min(100%,12em),1fr))}
.field{display:grid;gap:.4em;min-width:0;align-content:start}
.label{font-size:.875em;font-weight:600;color:var(--_color-text)}
.input{font:inherit;color:var(--_color-text);background:var(--_color-bg);border:1px solid var(--_color-border);border-radius:var(--_radius);padding:.7em .9em;width:100%;min-height:2.875em;margin:0;outline:2px solid transparent;outline-offset:1px;transition:border-color var(--_duration) ease,box-shadow var(--_duration) ease}
.input::placeholder{color:var(--_color-text-muted);opacity:1}
.input:hover{border-color:color-mix(in srgb,var(--_color-border) 60%,var(--_color-text))}
.input:focus{border-color:var(--_color-focus);box-shadow:0 0 0 3px rgba(139,155,255,.35);box-shadow:0 0 0 3px color-mix(in srgb,var(--_color-focus) 35%,transparent)}
.input[aria-invalid=true]{border-color:var(--_color-danger)}
.input[aria-invalid=true]:focus{box-shadow:0 0 0 3px rgba(255,139,139,.3);box-shadow:0 0 0 3px color-mix(in srgb,var(--_color-danger) 30%,transparent)}
.input:disabled{opacity:.6;cursor:not-allowed}
.error{margin:0;font-size:.8125em;font-weight:500;color:var(--_color-danger)}
.hint{margin:0;font-size:.8125em;color:var(--_color-text-muted)}
.button{font:inherit;font-weight:600;letter-spacing:.01em;color:var(--_color-on-primary);background:var(--_color-primary);border:1px solid transparent;border-radius:var(--_radius);padding:.7em 1.4em;min-height:2.875em;margin:0;cursor:pointer;display:inline-flex;align-items:center;justify-content:center;gap:.6em;white-space:nowrap;outline:2px solid transparent;outline-offset:2px;transition:background-color var(--_duration) ease,transform var(--_duration) ease,box-shadow var(--_duration) ease;box-shadow:0 8px 20px -10px var(--_color-primary)}
.button:hover:not(:disabled){background:var(--_color-primary-hover)}
.button:active:not(:disabled){transform:translateY(1px)}
.button:focus-visible{outline-color:var(--_color-focus)}
.button:disabled{cursor:not-allowed;opacity:.75;box-shadow:none}
.form[aria-busy=true] .button:disabled,.button[aria-busy=true]:disabled{opacity:1;cursor:progress}
.spinner{flex:none;width:1em;height:1em;border-radius:50%;border:2px solid currentColor;border-right-color:transparent;animation:bf-spin .7s linear infinite}
@keyframes bf-spin{to{transform:rotate(360deg)}}
.message{margin:0;padding:.8em 1em;border-radius:var(--_radius);font-size:.9375em;display:flex;gap:.65em;align-items:flex-start;line-height:1.45}
.message:empty{display:none}
.message-error{color:var(--_color-danger);background:rgba(255,139,139,.08);background:color-mix(in srgb,var(--_color-danger) 9%,transparent);border:1px solid rgba(255,139,139,.35);border:1px solid color-mix(in srgb,var(--_color-danger) 35%,transparent)}
.message-success{color:var(--_color-success);background:rgba(94,229,154,.08);background:color-mix(in srgb,var(--_color-success) 9%,transparent);border:1px solid rgba(94,229,154,.35);border:1px solid color-mix(in srgb,var(--_color-success) 35%,transparent)}
.icon{flex:none;width:1.25em;height:1.25em;margin-top:.05em}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:.001ms!important;animation-iteration-count:1!important;transition-duration:.001ms!important}.spinner{animation:none;border-right-color:currentColor;border-style:dotted}}
@media (forced-colors:active){.button{border-color:ButtonText}.input:focus{outline-color:Highlight}.message{border-color:CanvasText}}
`;

const sheets = new Map<string, CSSStyleSheet>();

/** True where shadow roots take constructable stylesheets. */
export function canAdoptSheets(): boolean {
  return (
    typeof ShadowRoot !== 'undefined' &&
    'adoptedStyleSheets' in ShadowRoot.prototype &&
    typeof CSSStyleSheet !== 'undefined' &&
    'replaceSync' in CSSStyleSheet.prototype
  );
}

/**
 * Adds the style sheets to a shadow root. `parts` are [key, css] pairs: one constructable sheet per
 * key, created once and shared by every shadow root that adopts it.
 *
 * Returns the node to render into: the shadow root itself, or - with the <style> fallback - a
 * `display: contents` element after the <style>, because preact/compat's render() empties its
 * container on the first render and would remove the <style>.
 */
export function adoptStyles(root: ShadowRoot, parts: ReadonlyArray<readonly [key: string, css: string]>): ShadowRoot | HTMLElement {
  if (canAdoptSheets()) {
    const add = parts.map(([key, css]) => {
      let sheet = sheets.get(key);
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        sheets.set(key, sheet);
      }
      return sheet;
    });
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...add];
    return root;
  }
  const doc = root.ownerDocument;
  const style = doc.createElement('style');
  style.textContent = parts.map(([, css]) => css).join('\n');
  const mount = doc.createElement('div');
  mount.setAttribute('data-bf-mount', '');
  root.append(style, mount);
  return mount;
}
