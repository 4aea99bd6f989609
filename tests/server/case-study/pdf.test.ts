import { describe, expect, it } from 'vitest';
import { BRAND } from '../../../shared/brand';
import { CLAIMS } from '../../../shared/constants';
import { CASE_STUDY } from '../../../server/case-study/content';
import { CASE_STUDY_PDF_TITLE, renderCaseStudyPdf } from '../../../server/case-study/pdf';

describe('the case-study PDF', () => {
  it('is a PDF of a few pages with its metadata and working links, built the same every time', async () => {
    const pdf = await renderCaseStudyPdf();
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.7')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const pages = text.match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(pages.length).toBeLessThanOrEqual(8);
    expect(text).toContain(`/URI (${BRAND.links.bookDemo})`);
    expect(text).toContain(`/URI (${BRAND.links.linkedin})`);
    expect(text).toContain('/Lang (en-US)');
    expect(pdf.length).toBeLessThan(200 * 1024);
    expect((await renderCaseStudyPdf()).equals(pdf)).toBe(true);
  });

  it('tells the story the spec claims, from shared constants', () => {
    expect(CASE_STUDY_PDF_TITLE).toContain(CLAIMS.eoi.before);
    expect(CASE_STUDY_PDF_TITLE).toContain(CLAIMS.eoi.after);
    expect(CASE_STUDY.programme.weeks).toHaveLength(CLAIMS.eoi.weeks);
    expect(CASE_STUDY.summary).toContain(CLAIMS.eoi.shareOfCases);
    expect(CASE_STUDY.client).toBe('a mid-sized US group life and disability carrier');
    for (const w of CASE_STUDY.programme.workstreams) {
      expect(w.from).toBeGreaterThanOrEqual(1);
      expect(w.to).toBeLessThanOrEqual(CLAIMS.eoi.weeks);
    }
  });

  it('uses only characters the standard PDF fonts can draw (Windows-1252)', () => {
    const all = JSON.stringify(CASE_STUDY);
    const allowedExtra = new Set(['\u2013', '\u2014', '\u2018', '\u2019', '\u201C', '\u201D', '\u2022', '\u2026']);
    const bad = [...all].filter((c) => c.charCodeAt(0) > 0xff && !allowedExtra.has(c));
    expect(bad).toEqual([]);
  });
});
