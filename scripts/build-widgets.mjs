#!/usr/bin/env node
/**
 * Builds the widget bundle into dist/widgets: rollup (rollup.widgets.config.mjs: the element chunks,
 * then the loader widgets.js), then custom-elements.json and benefold-widgets.d.ts
 * (scripts/gen-widget-manifest.ts). Called by scripts/build.mjs; `node scripts/build-widgets.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();

rmSync(`${root}dist/widgets`, { recursive: true, force: true });

// The element table rollup reads (widgets/generated/elements.mjs) comes from the metas: write it first.
execFileSync(process.execPath, ['--import', 'tsx', `${root}scripts/gen-widget-manifest.ts`, '--elements'], { cwd: root, stdio: 'inherit' });

const { default: configs } = await import(new URL('../rollup.widgets.config.mjs', import.meta.url).href);
for (const config of configs) {
  const bundle = await rollup({
    ...config,
    onwarn(warning, warn) {
      // Preact and r2wc ship `'use strict'`-less modules and axios has a few harmless circular imports.
      if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
      warn(warning);
    },
  });
  await bundle.write(config.output);
  await bundle.close();
}

execFileSync(process.execPath, ['--import', 'tsx', `${root}scripts/gen-widget-manifest.ts`], {
  cwd: root,
  stdio: 'inherit',
});

console.log(`widgets: built dist/widgets in ${Date.now() - started} ms`);
