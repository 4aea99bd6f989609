// jsdom lacks a few browser APIs the widgets use; fill them in the least surprising way.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

if (!('adoptedStyleSheets' in Document.prototype)) {
  // jsdom has no constructable stylesheets; widgets fall back to a <style> element (see widgets/internal/styles.ts).
}
