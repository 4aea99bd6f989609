/**
 * Full SSNs for carrier files (issue 28): with the engine's keepSsn option the templates that require
 * the SSN (DC Health Link, MA Health Connector, the ben-admin import) get the nine digits read from
 * the upload, and readiness counts only the employees without one; without it nothing changes (the
 * same bytes, the same sentence). The report never carries the number, with the option or without.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { analyzeCensus } from '../../../../server/census/engine';
import { readinessOf, targetById, writeTarget } from '../../../../server/census/targets';
import { fullSsn } from '../../../../server/census/normalise';
import { AS_OF, csv, sharedDir } from '../engine-helpers';

// 150 employees with dashed SSNs (660-10-3157), names, birth and hire dates, gender; read from the shared fixtures.
const FIXTURE = path.join(sharedDir, 'fixtures/census-real/files/aca-builder-employee-census.csv');
const bytes = () => new Uint8Array(fs.readFileSync(FIXTURE));
/** The fixture's SSNs by employee id, as digits. */
function fixtureSsns(): Map<string, string> {
  const [head, ...lines] = fs.readFileSync(FIXTURE, 'utf8').trim().split(/\r?\n/);
  const h = head.split(',');
  const at = (k: string) => h.indexOf(k);
  return new Map(lines.map((l) => l.split(',')).map((c) => [c[at('employee_id')], c[at('ssn')].replace(/\D/g, '')]));
}
const sheetRows = (b: Uint8Array) => {
  const wb = XLSX.read(b, { type: 'array' });
  return XLSX.utils.sheet_to_json<(string | number | null)[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null, raw: false });
};

describe('keepSsn', () => {
  it('reads the nine digits of an SSN cell, a number cell with its leading zeros back', () => {
    expect(fullSsn('123-45-6789')).toBe('123456789');
    expect(fullSsn(' 123 45 6789 ')).toBe('123456789');
    expect(fullSsn(12345678)).toBe('012345678');
    expect(fullSsn('6789')).toBeNull();
    expect(fullSsn('***-**-6789')).toBeNull();
    expect(fullSsn(1234.5)).toBeNull();
  });

  it('dchl, mahc and launchpad get the SSNs of the upload; readiness is ready on SSNs; the report holds none', async () => {
    const without = await analyzeCensus([{ fileName: 'census.csv', bytes: bytes() }], { asOf: AS_OF });
    const kept = await analyzeCensus([{ fileName: 'census.csv', bytes: bytes() }], { asOf: AS_OF, keepSsn: true });
    const ssns = fixtureSsns();
    const dchl = targetById('dchl')!;
    const before = readinessOf(dchl, without).problems.find((p) => p.field === 'ssn')!;
    expect(before.message).toMatch(/^\d+ employees have no full SSN \(we keep only the last four digits\): DC Health Link requires/);
    expect(readinessOf(dchl, kept).problems.find((p) => p.field === 'ssn')).toBeUndefined();
    for (const id of ['dchl', 'mahc', 'launchpad-census']) {
      const t = targetById(id)!;
      expect(readinessOf(t, kept).problems.some((p) => p.field === 'ssn'), id).toBe(false);
      // Ready once the SSN was all that blocked it; the other problems are the same as without.
      const others = readinessOf(t, without).problems.filter((p) => p.field !== 'ssn');
      expect(readinessOf(t, kept).problems, id).toEqual(others);
      expect(readinessOf(t, kept).ready, id).toBe(!others.some((p) => p.blocking));
    }
    expect(readinessOf(targetById('launchpad-census')!, kept).ready).toBe(true);

    // The dchl file: the SSN / TIN column (8th) holds each employee's nine digits, as in the upload.
    const rows = sheetRows(writeTarget(dchl, kept));
    const header = rows[2] as string[];
    const ssnCol = header.findIndex((x) => /^SSN \/ TIN/.test(String(x)));
    expect(ssnCol).toBe(7);
    const people = rows.slice(3).filter((r) => r[2] || r[3]);
    expect(people.length).toBeGreaterThan(100);
    // The family id column holds the employee id.
    for (const r of people) expect(String(r[ssnCol]), String(r[0])).toBe(ssns.get(String(r[0])));
    // Without the option: the column stays empty and the file is the same bytes as before the option existed.
    const plainRows = sheetRows(writeTarget(dchl, without));
    expect(plainRows.slice(3).every((r) => r[ssnCol] === null)).toBe(true);
    const launchpad = Buffer.from(writeTarget(targetById('launchpad-census')!, kept)).toString('utf8').split('\r\n');
    expect(launchpad[1].split(',')[0]).toMatch(/^\d{9}$/);

    // The report and the clean export carry no full SSN, with the option or without.
    const all = [...ssns.values()];
    for (const [what, text] of [['report', JSON.stringify(kept.report)], ['changes', JSON.stringify(kept.changes)], ['clean', Buffer.from(writeTarget(targetById('clean')!, { ...kept, members: kept.members.map((m) => ({ ...m, ssnFull: null })) })).toString('latin1')]] as const) {
      for (const d of all) expect(text.includes(d) || text.includes(`${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`), `${what} holds ${d}`).toBe(false);
    }
    expect(without.members.every((m) => m.ssnFull === null)).toBe(true);
  });

  it('readiness with the option counts the employees the file gives no SSN; a dependent gets only an SSN of its own', async () => {
    const file = csv([
      ['Employee ID', 'First Name', 'Last Name', 'Relationship', 'DOB', 'Gender', 'Hire Date', 'SSN', 'ZIP'],
      ['1', 'Ann', 'Lee', 'EE', '01/02/1980', 'F', '01/01/2020', '123-45-6789', '02134'],
      ['1', 'Bo', 'Lee', 'SP', '03/04/1981', 'M', '', '123-45-6789', '02134'],
      ['1', 'Cy', 'Lee', 'CH', '03/04/2011', 'M', '', '234-56-7890', '02134'],
      ['2', 'Di', 'Ray', 'EE', '05/06/1990', 'F', '01/01/2021', '', '02134'],
    ]);
    const kept = await analyzeCensus([{ fileName: 'c.csv', bytes: file }], { asOf: AS_OF, keepSsn: true });
    const dchl = targetById('dchl')!;
    const ssn = readinessOf(dchl, kept).problems.find((p) => p.field === 'ssn')!;
    expect(ssn).toMatchObject({ count: 1, blocking: true });
    expect(ssn.message).toBe("1 employee has no SSN: DC Health Link requires each employee's SSN or TIN; the employer must fill in that column.");
    const rows = sheetRows(writeTarget(dchl, kept)).slice(3);
    const byName = new Map(rows.map((r) => [r[3], r[7]]));
    expect(byName.get('Ann')).toBe('123456789');
    expect(byName.get('Bo')).toBeNull();
    expect(byName.get('Cy')).toBe('234567890');
    expect(byName.get('Di')).toBeNull();
  });
});
