/** The bundle version: package.json's, injected at build time; 'dev' when running from source. */
export const VERSION: string = typeof __BENEFOLD_VERSION__ === 'string' ? __BENEFOLD_VERSION__ : 'dev';
