/**
 * The browser twin of ./lazy-module.ts (the engine's Web Worker bundle inlines every import(), and
 * has no node:module): the module imported on first use, a failed import tried again by the next call.
 */
import type { LazyModule } from './lazy-module';

export type { LazyModule } from './lazy-module';

export function lazyModule<T>(importIt: () => Promise<T>, _specifier: string, _base: string): LazyModule<T> {
  let module: Promise<T> | null = null;
  const get = () =>
    (module ??= importIt().catch((err: unknown) => {
      module = null;
      throw err;
    }));
  return Object.assign(get, { loaded: () => module !== null });
}
