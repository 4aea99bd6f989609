/**
 * Colours for what the server renders itself (the case-study PDF and the mail). They follow the
 * site's dark theme (site/src/placeholder.css): navy ground, light text, blue accent; on white
 * paper the accent is darkened for contrast. If shared/ gains a brand palette, read it from there.
 */
export const COLORS = {
  navy: '#0b1020',
  surface: '#131a2e',
  line: '#222b45',
  light: '#e8ecf6',
  muted: '#aab3c8',
  primary: '#6ea8ff',
  /** The accent on white: 4.9:1 against #ffffff. */
  primaryInk: '#2f62c9',
  ink: '#1a2238',
  inkMuted: '#56607a',
  paperTint: '#f2f5fb',
  success: '#2fb57d',
  white: '#ffffff',
} as const;
