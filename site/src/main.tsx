/**
 * The browser entry: loads the current route's chunk, then hydrates the prerendered HTML. Also
 * unregisters any service worker a previous site version installed (product-spec section 2).
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter, matchPath } from 'react-router';
import './styles/site.css';
import { App } from './App';
import { ALL_ROUTES, NOT_FOUND, REDIRECTS } from './routes';
import { preloadRoute } from './route-view';

navigator.serviceWorker?.getRegistrations?.().then(
  (regs) => regs.forEach((r) => void r.unregister()),
  () => {},
);

// /tools is prerendered with its target's content: replace the address first, then hydrate that.
const redirect = REDIRECTS.find((r) => r.from === window.location.pathname.replace(/\/$/, ''));
if (redirect) history.replaceState(history.state, '', redirect.to + window.location.search + window.location.hash);

const route = ALL_ROUTES.find((r) => r.path !== '*' && matchPath(r.path, window.location.pathname)) ?? NOT_FOUND;
const container = document.getElementById('root')!;

void preloadRoute(route).then(() => {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // Hydrated as a transition: React then works in slices and yields to the browser between them,
  // instead of one long task for the whole page (issue 21: up to 350 ms of blocking time on a phone
  // for /tools/census/sample, whose report element loads and renders at the same time).
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
