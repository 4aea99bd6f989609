#!/usr/bin/env node
/**
 * Which way the server's imports run (issue 27): `node scripts/check-imports.mjs` (add `--json` for
 * the findings as JSON, `--graph` to print which room imports which).
 *
 * A room is a top-level folder of server/ (cases/, http/, jobs/, ...); a top-level file (app.ts,
 * main.ts, config.ts, retention.ts) is its own node. It fails (exit 1) on:
 *  - a cycle between rooms or top-level files (room A imports room B, which imports room A, directly
 *    or through others);
 *  - an upward import: a file in a room importing a top-level file other than config.ts (the
 *    composers app.ts and main.ts, and the services beside them, sit above every room);
 *  - the store importing above itself: server/store/ imports only store/, shared/ and
 *    security/vault.ts (docs/server.md).
 * Relative imports only (`import`, `export ... from`, `import()`, type-only ones included);
 * packages are not rooms. tests/server/imports.test.ts runs it with the server tests.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// `--root DIR`: check the server/ folder of another tree (the test gives it one that breaks each rule).
const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? resolve(process.argv[rootArg + 1]) : fileURLToPath(new URL('..', import.meta.url));
const SERVER = 'server';
/** Top-level files every room may import: plain data, importing no room. */
const LEAVES = new Set(['config.ts']);
/** What server/store/ may import outside itself. */
const STORE_MAY_IMPORT = [/^shared\//, /^server\/security\/vault\.ts$/];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

function walk(dir, out = []) {
  for (const name of readdirSync(join(root, dir))) {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const STATIC = /^[ \t]*(?:import|export)\s[^'"=;()]*?\sfrom\s*['"]([^'"]+)['"]/gm;
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative specifiers a file imports. */
export function specifiers(text) {
  const out = [];
  for (const re of [STATIC, BARE, DYNAMIC]) for (const m of text.matchAll(re)) if (m[1].startsWith('.')) out.push(m[1]);
  return out;
}

/** A specifier as a repository path: the file it names, trying the endings TypeScript would. */
function resolveImport(from, spec) {
  const base = relative(root, resolve(root, dirname(from), spec)).split('\\').join('/');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}.mjs`, `${base}.js`, `${base}/index.ts`, base.replace(/\.js$/, '.ts')];
  for (const c of candidates) {
    try {
      if (statSync(join(root, c)).isFile()) return c;
    } catch {
      // not this one
    }
  }
  return base;
}

/** server/cases/x.ts -> 'cases'; server/app.ts -> 'app.ts'; outside server/ -> null. */
function roomOf(path) {
  if (!path.startsWith(`${SERVER}/`)) return null;
  const rest = path.slice(SERVER.length + 1);
  const slash = rest.indexOf('/');
  return slash === -1 ? rest : rest.slice(0, slash);
}
const isFolderRoom = (path) => path.startsWith(`${SERVER}/`) && path.slice(SERVER.length + 1).includes('/');

export function analyse() {
  const imports = [];
  for (const file of walk(SERVER)) {
    for (const spec of specifiers(readFileSync(join(root, file), 'utf8'))) imports.push({ from: file, to: resolveImport(file, spec) });
  }

  // The room graph.
  const edges = new Map();
  for (const { from, to } of imports) {
    const a = roomOf(from);
    const b = roomOf(to);
    if (!b || a === b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    const ex = edges.get(a);
    if (!ex.has(b)) ex.set(b, []);
    ex.get(b).push(`${from} -> ${to}`);
  }

  // Cycles: the strongly connected components of more than one room (Tarjan).
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) components.push(c.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!idx.has(v)) visit(v);
  const cycles = components.map((rooms) => ({
    rooms,
    imports: rooms.flatMap((a) => rooms.filter((b) => b !== a).flatMap((b) => edges.get(a)?.get(b) ?? [])),
  }));

  const upward = imports
    .filter(({ from, to }) => isFolderRoom(from) && roomOf(to) !== null && !isFolderRoom(to) && !LEAVES.has(roomOf(to)))
    .map(({ from, to }) => `${from} -> ${to}`);

  const storeAbove = imports
    .filter(({ from, to }) => from.startsWith(`${SERVER}/store/`) && !to.startsWith(`${SERVER}/store/`) && !STORE_MAY_IMPORT.some((re) => re.test(to)))
    .map(({ from, to }) => `${from} -> ${to}`);

  const graph = Object.fromEntries([...edges].sort().map(([a, m]) => [a, [...m.keys()].sort()]));
  return { cycles, upward, storeAbove, graph };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = analyse();
  const failed = result.cycles.length + result.upward.length + result.storeAbove.length > 0;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    if (process.argv.includes('--graph')) for (const [a, bs] of Object.entries(result.graph)) console.log(`${a} -> ${bs.join(', ')}`);
    for (const c of result.cycles) {
      console.log(`cycle between ${c.rooms.join(', ')}:`);
      for (const i of c.imports) console.log(`  ${i}`);
    }
    for (const u of result.upward) console.log(`upward: ${u}`);
    for (const s of result.storeAbove) console.log(`store imports above itself: ${s}`);
    console.log(
      `check-imports: ${result.cycles.length} cycle(s), ${result.upward.length} upward import(s), ${result.storeAbove.length} store import(s) above the store${failed ? '' : ': ok'}`,
    );
  }
  process.exit(failed ? 1 : 0);
}
