/**
 * The browser entry: loads the current route's chunk, then hydrates the prerendered HTML. Also
 * unregisters any service worker a previous site version installed (product-spec section 2).
 */
import { StrictMode } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter, matchPath } from 'react-router';
import '@fontsource-variable/inter/wght.css';
import './styles/site.css';
import { App } from './App';
import { ALL_ROUTES, NOT_FOUND } from './routes';
import { preloadRoute } from './route-view';

navigator.serviceWorker?.getRegistrations?.().then(
  (regs) => regs.forEach((r) => void r.unregister()),
  () => {},
);

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
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
