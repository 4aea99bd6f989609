/**
 * The site's page wrappers. Here, beside the layout that draws them, so that the layout does not
 * import the route table (which reaches every page, and the pages reach the layout: a cycle).
 * `bare`: no site wrapper (the case-study viewer shows its PDF full-screen; it draws the wrapper
 * itself when it fails).
 */
export type LayoutKind = 'dark' | 'light' | 'bare';
