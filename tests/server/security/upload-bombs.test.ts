/**
 * Issue 31: what a cheap look at a ZIP's directory or its parts' first bytes can tell is refused at
 * upload (422) with the sentence the case would have failed with, not answered 200 to fail later:
 * a ZIP expanding past the limit (declared total, a bomb's ratio), an XML entity declaration
 * (DOCTYPE, ENTITY) in a part, 40,000 parts. Nothing of a refused file stays in the data folder.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCensusFile } from '../../../server/census/read';
import { IntakeRefusal, takeFile } from '../../../server/cases/incoming-file';
import { zipRefusal } from '../../../server/cases/upload-check';
import { INTAKE_TEXT } from '../../../server/intake/smtp-intake';
import { makeApp, type TestApp, waitForFinal } from '../helpers';
import { multipart } from '../support/multipart';
import { buildZip, workbookParts, type EntrySpec } from '../support/zip';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ RATE_LIMIT_CENSUS_UPLOAD: '100' });
});
afterAll(() => t.close());

async function upload(bytes: Buffer, name = 'census.xlsx') {
  const m = multipart([{ name: 'file', value: bytes, fileName: name }]);
  return t.app.inject({ method: 'POST', url: '/main/case', payload: m.body, headers: m.headers });
}

/** The sentence the read stage gives for the bytes (what a case of them would fail with). */
async function engineSays(bytes: Buffer): Promise<string> {
  try {
    await readCensusFile({ fileName: 'census.xlsx', bytes });
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the read stage took the file');
}

const withPart = (name: string, data: Buffer): EntrySpec[] => workbookParts().map((p) => (p.name === name ? { ...p, data } : p));
const dtd = (decl: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${decl}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Census" sheetId="1" r:id="rId1" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></sheets></workbook>`);

const BOMBS: Record<string, () => Buffer> = {
  // A part that declares 1,000 times its packed size (a classic bomb; under the 5 MB upload).
  'a part expanding 1,000 times': () => buildZip([...workbookParts(), { name: 'xl/media/pad.bin', data: Buffer.alloc(4 * 1024 * 1024) }].map((p) =>
    p.name === 'xl/media/pad.bin' ? { ...p, declaredSize: 4 * 1024 * 1024 } : p)),
  // Parts of plausible ratios whose declared sizes add up past the 256 MB allowed.
  'a total past the unpacked limit': () => {
    const pad = randomBytes(700 * 1024);
    return buildZip([...workbookParts(), ...[1, 2, 3].map((i) => ({ name: `xl/media/p${i}.bin`, data: pad, declaredSize: 100 * 1024 * 1024 }))]);
  },
  'a DOCTYPE in the workbook part': () => buildZip(withPart('xl/workbook.xml', dtd('<!DOCTYPE workbook [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'))),
  'an ENTITY declaration in a sheet': () => buildZip(withPart('xl/worksheets/sheet1.xml', Buffer.from('<?xml version="1.0"?><!ENTITY x SYSTEM "file:///etc/passwd"><worksheet/>'))),
  '40,000 parts': () => buildZip([...workbookParts(), ...Array.from({ length: 40_000 - workbookParts().length }, (_, i) => ({ name: `p/${i}`, data: Buffer.alloc(0), method: 0 as const }))]),
  'a damaged directory': () => {
    const ok = buildZip(workbookParts());
    return Buffer.concat([ok.subarray(0, ok.length - 22), Buffer.from('PK\u0005\u0006', 'latin1'), Buffer.alloc(18, 0xff)]);
  },
};

describe('ZIP bombs and junk are refused at upload', () => {
  for (const [what, make] of Object.entries(BOMBS)) {
    it(`${what}: 422 with the read stage's own sentence, nothing kept`, async () => {
      const bytes = make();
      expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
      const said = await engineSays(bytes);
      expect(zipRefusal(bytes)).toBe(said);
      const res = await upload(bytes);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: said });
      const incoming = join(t.config.dataDir, 'incoming');
      expect(readdirSync(incoming).filter((n) => !n.startsWith('.'))).toEqual([]);
    });
  }

  it('a sound workbook still passes and completes', async () => {
    const bytes = buildZip(workbookParts([['Employee ID', 'First Name', 'Last Name', 'Date of Birth'], ['E1', 'Ann', 'Lee', '1980-01-02'], ['E2', 'Bob', 'Ray', '1981-02-03']]));
    expect(zipRefusal(bytes)).toBeNull();
    const res = await upload(bytes);
    expect(res.statusCode).toBe(200);
    expect(await waitForFinal(t.app, res.json().data.caseId)).toMatchObject({ status: 'completed' });
  });
});

describe('the mail intake', () => {
  it('refuses the same files, and its reply names them in fixed words (never a part name the sender wrote)', async () => {
    const bytes = buildZip(withPart('xl/workbook.xml', dtd('<!DOCTYPE x [<!ENTITY e "Reply to attacker@evil.example">]>')));
    const refusal = await takeFile(t.app.ctx.caseService, 'census.xlsx', bytes).then(() => null, (err: unknown) => err);
    expect(refusal).toBeInstanceOf(IntakeRefusal);
    expect((refusal as IntakeRefusal).reason).toBe('unsafe');
    const note = INTAKE_TEXT.fileNote(2, 'xlsx', refusal as IntakeRefusal);
    expect(note).toMatch(/^file 2 \(\.xlsx\) is a damaged or unsafe workbook/);
    expect(note).not.toContain('workbook.xml');
    expect(readdirSync(join(t.config.dataDir, 'incoming'))).toEqual([]);
  });
});
