/**
 * Renders a route's page from its chunk. A page whose chunk is already loaded renders at once (the
 * prerender loads all of them; the browser loads the current one before hydrating), so the first
 * client render matches the prerendered HTML. Pages reached later by navigation load lazily.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteDef } from './routes';

const loaded = new Map<string, ComponentType>();
const lazies = new Map<string, LazyExoticComponent<ComponentType>>();

export async function preloadRoute(route: RouteDef): Promise<void> {
  if (loaded.has(route.path)) return;
  const mod = await route.load();
  loaded.set(route.path, mod.default);
}

export function RouteView({ route }: { route: RouteDef }) {
  const Page = loaded.get(route.path);
  if (Page) return <Page />;
  let Lazy = lazies.get(route.path);
  if (!Lazy) {
    Lazy = lazy(async () => {
      await preloadRoute(route);
      return { default: loaded.get(route.path)! };
    });
    lazies.set(route.path, Lazy);
  }
  return <Lazy />;
}
