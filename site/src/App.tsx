/**
 * The site: one layout around every route of routes.ts, the /tools redirect, the catch-all 404 and
 * an error boundary with the router's default error title.
 */
import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { TIMING } from '../../shared/constants';
import { applyHead, headOf } from './head';
import { Layout } from './layout/Layout';
import { ALL_ROUTES, NOT_FOUND, REDIRECTS, type RouteDef } from './routes';
import { RouteView } from './route-view';
import { trackPageView } from './analytics';
import { prefersReducedMotion } from './motion';

/** The router's error screen: the default title of React Router's error element, and the message. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="router-error">
        <h1>{MESSAGES.site.routerError}</h1>
        <p>
          <code>{this.state.error.message}</code>
        </p>
        <p>
          <a href="/">Back to the home page</a>
        </p>
      </main>
    );
  }
}

/** Title, description and canonical on navigation; scroll to top, or to the #hash after a beat. */
function RouteEffects({ route }: { route: RouteDef }) {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    applyHead(headOf(route, window.location.origin, pathname));
    trackPageView(pathname);
  }, [route, pathname]);
  const firstRender = useRef(true);
  useEffect(() => {
    // On the first load the browser has placed the page already (and the visitor may have scrolled).
    const first = firstRender.current;
    firstRender.current = false;
    if (!hash) {
      if (!first) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    // 'Meet Our Team' lands on /aboutus#teamSection and glides there once the page is in place.
    const timer = setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    }, TIMING.scrollToTeamMs);
    return () => clearTimeout(timer);
  }, [pathname, hash]);
  return null;
}

function page(route: RouteDef) {
  const content = (
    <>
      <RouteEffects route={route} />
      <Suspense fallback={<div className="route-loading" aria-busy="true" />}>
        <RouteView route={route} />
      </Suspense>
    </>
  );
  // A bare page draws its own wrapper when it needs one (the case-study viewer's failure state).
  if (route.layout === 'bare') return content;
  return <Layout kind={route.layout}>{content}</Layout>;
}

export function App() {
  return (
    <ErrorBoundary>
      <Routes>
        {REDIRECTS.map((r) => (
          <Route key={r.from} path={r.from} element={<Navigate to={r.to} replace />} />
        ))}
        {ALL_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={page(r)} />
        ))}
      </Routes>
    </ErrorBoundary>
  );
}

export { NOT_FOUND };
