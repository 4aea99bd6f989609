/**
 * The export-target sub-commands run as a user runs them (`node bin/census.mjs ...`): `census targets
 * [--json]`, `census export FILE... --target ID --out PATH`, `census readiness FILE... --target ID`,
 * and one plain line with exit 2 for what they cannot use.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { AS_OF, csv, expectOneLineError, runCensus } from '../engine-helpers';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'census-targets-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const census = (...args: string[]) => runCensus(tmp, ...args);

const NO_ZIP = [
  ['Employee ID', 'First Name', 'Last Name', 'Relationship', 'DOB', 'Gender'],
  ['1', 'Ann', 'Lee', 'EE', '01/02/1980', 'F'],
  ['1', 'Bo', 'Lee', 'SP', '03/04/1981', 'M'],
  ['2', 'Cy', 'Ray', 'EE', '05/06/1990', 'M'],
];
fs.writeFileSync(path.join(tmp, 'no-zip.csv'), csv(NO_ZIP));

describe('census targets, export --target, readiness', () => {
  it('targets lists id, format and name; --json the whole list', () => {
    const r = census('targets');
    expect(r.status, r.stderr).toBe(0);
    const ids = r.stdout.trim().split('\n').map((l) => l.split(/\s+/)[0]);
    expect(ids).toEqual(['clean', 'generic-carrier', 'principal-other', 'dchl', 'mahc', 'launchpad-census', 'salesforce-group-census']);
    expect(r.stdout).toMatch(/^dchl\s+xlsx\s+DC Health Link employee census$/m);
    const j = census('targets', '--json');
    expect(j.status, j.stderr).toBe(0);
    const list = JSON.parse(j.stdout) as { id: string; name: string; format: string; source: string }[];
    expect(list).toHaveLength(7);
    expect(list.find((t) => t.id === 'salesforce-group-census')).toMatchObject({ format: 'json' });
    for (const t of list) expect(t.source.length).toBeGreaterThan(10);
  });

  it('readiness prints {target, ready, problems} as JSON: the missing ZIPs and tiers, counted', () => {
    const r = census('readiness', 'no-zip.csv', '--target', 'generic-carrier', '--as-of', AS_OF);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['target', 'ready', 'holds', 'problems']);
    expect(out.target).toBe('generic-carrier');
    expect(out.ready).toBe(false);
    expect(out.problems).toContainEqual({ field: 'zip', count: 2, blocking: true, askEmployer: true, message: expect.stringMatching(/^2 employees have no ZIP code: the carrier rates by ZIP/) });
    expect(out.problems).toContainEqual(expect.objectContaining({ field: 'coverageTier', count: 2, blocking: true }));
    for (const p of out.problems) expect(Object.keys(p)).toEqual(['field', 'count', 'blocking', 'askEmployer', 'message']);
    expect(r.stdout).not.toMatch(/Ann|Lee|1980/);
  });

  it('export --target writes the target file: a template, a JSON import', () => {
    const x = census('export', 'no-zip.csv', '--target', 'dchl', '--out', 'roster.xlsx', '--as-of', AS_OF);
    expect(x.status, x.stderr).toBe(0);
    expect(x.stdout).toMatch(/wrote 3 members to roster\.xlsx/);
    const wb = XLSX.read(fs.readFileSync(path.join(tmp, 'roster.xlsx')));
    expect(wb.SheetNames).toEqual(['Employee Census']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets['Employee Census'], { header: 1, raw: true });
    expect(rows[1][0]).toBe('employer_assigned_family_id');
    expect(rows.slice(3).map((r) => r[1])).toEqual(['Employee', 'Spouse', 'Employee']);
    const j = census('export', 'no-zip.csv', '--target', 'salesforce-group-census', '--out', 'members.json', '--as-of', AS_OF);
    expect(j.status, j.stderr).toBe(0);
    const doc = JSON.parse(fs.readFileSync(path.join(tmp, 'members.json'), 'utf8'));
    expect(doc.members).toHaveLength(3);
    expect(doc.members[1]).toMatchObject({ relationshipToPrimaryMember: 'Spouse', primaryMemberSource: doc.members[0].sourceSystemIdentifier, birthdate: '1981-03-04' });
  });

  it('one plain line and exit 2 for what it cannot use', () => {
    expectOneLineError(census('readiness', 'no-zip.csv'), /readiness needs --target/);
    expectOneLineError(census('readiness', 'no-zip.csv', '--target', 'acme'), /Unknown export target 'acme'\. Use one of: clean, generic-carrier/);
    expectOneLineError(census('export', 'no-zip.csv', '--target', 'dchl', '--out', 'x.csv'), /--out must end in \.xlsx for the target dchl/);
    expectOneLineError(census('export', 'no-zip.csv', '--target', 'salesforce-group-census'), /export needs --out PATH\.json/);
    expectOneLineError(census('analyze', 'no-zip.csv', '--target', 'dchl'), /--target is an export, readiness and members option/);
    expectOneLineError(census('targets', 'no-zip.csv'), /targets takes no files/);
    expectOneLineError(census('analyze', 'no-zip.csv', '--json'), /--json is a targets option/);
  });
});
