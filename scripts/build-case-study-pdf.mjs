#!/usr/bin/env node
/**
 * Builds the case-study PDF into dist/files/case-study/<caseStudyName> (server/case-study/pdf.ts,
 * content in server/case-study/content.ts). Plain `node scripts/build-case-study-pdf.mjs` works:
 * TypeScript is loaded through tsx. `--out <file>` writes elsewhere.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = fileURLToPath(new URL('..', import.meta.url));
const { BRAND } = await import('../shared/brand.ts');
const { renderCaseStudyPdf } = await import('../server/case-study/pdf.ts');

const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? resolve(process.argv[outArg + 1]) : join(root, 'dist/files/case-study', BRAND.caseStudyName);

const pdf = await renderCaseStudyPdf();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(`${out}.tmp`, pdf);
renameSync(`${out}.tmp`, out);
console.log(`case-study PDF: ${out} (${(pdf.length / 1024).toFixed(0)} KB)`);
