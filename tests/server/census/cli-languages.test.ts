/**
 * `census analyze --languages LIST` (issue 26): a diagnostic that reads only those language packs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../server/census/cli';
import { expectOneLineError, runCensus } from './engine-helpers';

describe('--languages', () => {
  it('withholds a pack: a Spanish header the English pack does not know is left unread', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'census-lang-'));
    const file = path.join(dir, 'es.csv');
    fs.writeFileSync(file, 'First Name,Last Name,DOB,Parentesco\nAna,Ruiz,1980-02-03,Titular\nLuis,Ruiz,1982-05-06,Cónyuge\nEva,Ruiz,2010-05-06,Hija\n');
    const all = runCensus(dir, 'analyze', file, '--as-of', '2026-01-01');
    const en = runCensus(dir, 'analyze', file, '--as-of', '2026-01-01', '--languages', 'en');
    expect(all.status).toBe(0);
    expect(en.status).toBe(0);
    const field = (out: string, h: string) => (JSON.parse(out).columns as { header: string; field: string | null }[]).find((c) => c.header === h)?.field;
    expect(field(all.stdout, 'Parentesco')).toBe('relationship');
    expect(field(en.stdout, 'Parentesco')).not.toBe('relationship');
  }, 60_000);

  it("the English pack alone: 'Nome' (left out as a word a letter from 'name') of first names is the first name, beside a child's first names ('CH1_FIRST', another's by its header)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'census-lang-'));
    const file = path.join(dir, 'it.csv');
    const rows = [['James', 'Lee', 'Emma'], ['Mary', 'Kim', 'Noah'], ['Robert', 'Diaz', 'Olivia'], ['Linda', 'Ross', 'Liam'], ['David', 'Lee', 'Ava'], ['Susan', 'Kim', 'Mason']];
    fs.writeFileSync(file, `Nome,Cognome,Data di Nascita,CH1_FIRST\n${rows.map(([f, l, c], i) => `${f},${l},198${i}-02-03,${c}`).join('\n')}\n`);
    const en = runCensus(dir, 'analyze', file, '--as-of', '2026-01-01', '--languages', 'en');
    expect(en.status).toBe(0);
    const field = (h: string) => (JSON.parse(en.stdout).columns as { header: string; field: string | null }[]).find((c) => c.header === h)?.field;
    expect(field('Nome')).toBe('firstName');
    expect(field('Cognome')).toBe('lastName');
    expect(field('CH1_FIRST')).toBeNull();
  }, 60_000);

  it('an unknown code, or a list the loaded packs do not match, is a usage error', () => {
    expectOneLineError(runCensus(os.tmpdir(), 'analyze', 'x.csv', '--languages', 'en,xx'), /xx/);
    expect(() => parseArgs(['analyze', 'x.csv', '--languages', 'en'])).toThrow(/must be set before the engine loads/);
    expect(() => parseArgs(['analyze', 'x.csv', '--languages', 'de,en,es,fr,pt'])).not.toThrow();
  });
});
