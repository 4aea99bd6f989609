/**
 * Per-instance state, the Zustand model: a framework-free vanilla store (zustand/vanilla
 * `createStore`) plus a thin hook binding. defineWidget creates one store per element instance
 * (so two elements on a page never share state, and an element moved in the DOM keeps its state
 * across the unmount/remount that defineWidget does); a component rendered directly creates its own.
 */
import { useState, useSyncExternalStore } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';

export type { StoreApi };

/** A store whose state is `initial` plus whatever `actions` returns (bound to set/get). */
export function createWidgetStore<S extends object, A extends object = object>(
  initial: S,
  actions: (set: StoreApi<S & A>['setState'], get: () => S & A) => A = () => ({}) as A,
): StoreApi<S & A> {
  return createStore<S & A>()((set, get) => ({ ...initial, ...actions(set, get) }));
}

const identity = <T,>(s: T) => s;

/**
 * Subscribes the component to `store`. (zustand's own `useStore` does the same, but it imports
 * React's default export, which under preact/compat pulls the whole compat object into every
 * element: +1.6 KB gzip on each first use, measured; these lines use the named hook only.) The selector must return a value that stays the same
 * (===) while the state does not change: a property, or the whole state.
 */
export function useStore<S>(store: StoreApi<S>): S;
export function useStore<S, U>(store: StoreApi<S>, selector: (state: S) => U): U;
export function useStore<S, U>(store: StoreApi<S>, selector: (state: S) => U = identity as (s: S) => U): U {
  const get = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, get, get);
}

/** The store passed in by defineWidget, or one created for this component instance. */
export function useOwnStore<S>(given: StoreApi<S> | undefined, create: () => StoreApi<S>): StoreApi<S> {
  const [own] = useState(() => given ?? create());
  return given ?? own;
}
