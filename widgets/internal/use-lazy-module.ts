/**
 * A part of an element loaded on first use (a chunk of its own: the member table, the 'Not counted'
 * list): the module once it is in, whether loading failed, and `retry` for a 'Try again' button.
 */
import { useCallback, useEffect, useState } from 'react';

export function useLazyModule<T>(load: () => Promise<T>): { mod: T | null; failed: boolean; retry: () => void } {
  const [mod, setMod] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (mod) return;
    let live = true;
    setFailed(false);
    load().then(
      (m) => live && setMod(() => m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // `load` is a module path's import: the same on every render.
  }, [mod, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { mod, failed, retry };
}
