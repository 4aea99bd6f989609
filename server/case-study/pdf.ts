/**
 * Renders the case-study PDF (US Letter) from content.ts with pdfkit: a dark cover, the client's
 * situation, the programme with a timeline figure and week-by-week steps, the results with two
 * figures, what made it work, and a closing call to action. Figures are vector shapes; only the
 * standard PDF fonts are used, so the build needs no font files. Interior pages carry a running
 * header and "Page n of N".
 */
import PDFDocument from 'pdfkit';
import { BRAND } from '../../shared/brand';
import { CLAIMS } from '../../shared/constants';
import { CASE_STUDY as C } from './content';
import { COLORS as K } from './style';

type Doc = PDFKit.PDFDocument;

const W = 612;
const H = 792;
const M = 56;
const CW = W - 2 * M;
/** Where content starts on interior pages, and where it must end (above the footer). */
const TOP = 96;
const BOTTOM = H - 70;

const F = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
const RULE = '#dde3ef';
const BAR_SOFT = '#c7d5f3';
const GREY_BAR = '#8e9ab3';

export const CASE_STUDY_PDF_TITLE = `${C.title}: ${C.subtitle}`;

interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
  lineGap?: number;
  align?: 'left' | 'center' | 'right' | 'justify';
  characterSpacing?: number;
}

export async function renderCaseStudyPdf(): Promise<Buffer> {
  const doc: Doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: TOP, bottom: H - BOTTOM, left: M, right: M },
    bufferPages: true,
    autoFirstPage: false,
    pdfVersion: '1.7',
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: CASE_STUDY_PDF_TITLE,
      Author: BRAND.name,
      Subject: C.summary,
      Keywords: 'evidence of insurability, EOI, group insurance, underwriting automation, case study',
      Creator: BRAND.name,
      Producer: `${BRAND.name} (pdfkit)`,
      CreationDate: C.publishedOn,
      ModDate: C.publishedOn,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const r = new Renderer(doc);
  r.cover();
  r.situation();
  r.programme();
  r.results();
  r.lessonsAndClosing();
  r.footers();
  doc.end();
  return done;
}

class Renderer {
  y = TOP;

  constructor(private readonly doc: Doc) {}

  // ---- primitives -----------------------------------------------------------------------------

  private style(s: TextStyle): this {
    this.doc.font(s.font ?? F.regular).fontSize(s.size ?? 10.5).fillColor(s.color ?? K.ink);
    return this;
  }

  private height(text: string, width: number, s: TextStyle): number {
    this.style(s);
    return this.doc.heightOfString(text, { width, lineGap: s.lineGap ?? 0, characterSpacing: s.characterSpacing });
  }

  /** Writes text at (x, y) and returns its height. */
  private write(text: string, x: number, y: number, width: number, s: TextStyle, link?: string): number {
    const h = this.height(text, width, s);
    this.style(s);
    this.doc.text(text, x, y, {
      width,
      lineGap: s.lineGap ?? 0,
      align: s.align ?? 'left',
      characterSpacing: s.characterSpacing,
      link,
      lineBreak: true,
    });
    return h;
  }

  /** Starts a new interior page when fewer than `h` points are left. */
  private need(h: number): void {
    if (this.y + h > BOTTOM) this.page();
  }

  private page(): void {
    this.doc.addPage();
    this.y = TOP;
    this.header();
  }

  private logo(x: number, y: number, size: number, onDark: boolean): void {
    const d = this.doc;
    const f = size * 0.38;
    d.save();
    d.path(`M ${x} ${y} L ${x + size - f} ${y} L ${x + size} ${y + f} L ${x + size} ${y + size} L ${x} ${y + size} Z`).fill(
      onDark ? K.primary : K.primaryInk,
    );
    d.path(`M ${x + size - f} ${y} L ${x + size - f} ${y + f} L ${x + size} ${y + f} Z`).fill(onDark ? '#cfe0ff' : '#9fbaf0');
    d.restore();
  }

  private header(): void {
    const d = this.doc;
    this.logo(M, 40, 14, false);
    this.write(BRAND.name, M + 21, 41.5, 120, { font: F.bold, size: 11, color: K.ink });
    this.write(`${C.label[0]}${C.label.slice(1).toLowerCase()}  |  ${C.title}`, M, 43, CW, {
      size: 8.5,
      color: K.inkMuted,
      align: 'right',
    });
    d.moveTo(M, 64).lineTo(W - M, 64).lineWidth(0.6).strokeColor(RULE).stroke();
  }

  private label(text: string): void {
    this.need(60);
    this.y += this.write(text.toUpperCase(), M, this.y, CW, { font: F.bold, size: 8.5, color: K.primaryInk, characterSpacing: 1.6 }) + 6;
  }

  private heading(text: string, size = 22): void {
    this.need(size * 3);
    this.y += this.write(text, M, this.y, CW, { font: F.bold, size, color: K.ink }) + 10;
  }

  private paragraph(text: string, s: TextStyle = {}, width = CW, x = M): void {
    const style = { size: 10, lineGap: 3, color: K.ink, ...s };
    const h = this.height(text, width, style);
    this.need(Math.min(h, 60));
    this.y += this.write(text, x, this.y, width, style) + 8;
  }

  private caption(text: string): void {
    this.y += this.write(text, M, this.y, CW, { font: F.italic, size: 8.5, color: K.inkMuted, lineGap: 1.5 }) + 18;
  }

  // ---- cover ------------------------------------------------------------------------------------

  cover(): void {
    const d = this.doc;
    d.addPage({ margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    d.rect(0, 0, W, H).fill(K.navy);

    // Rings in the top-right corner and a folded corner bottom-right.
    d.save();
    [110, 170, 230, 290, 350, 410].forEach((radius, i) => {
      d.circle(W - 40, 150, radius).lineWidth(1.1).strokeOpacity(0.3 - i * 0.04).strokeColor(K.primary).stroke();
    });
    d.restore();
    d.save();
    d.circle(W - 40, 150, 56).fillOpacity(0.18).fill(K.primary);
    d.restore();
    d.save();
    d.path(`M ${W} ${H - 150} L ${W} ${H} L ${W - 150} ${H} Z`).fill(K.surface);
    d.path(`M ${W} ${H - 150} L ${W - 150} ${H - 150} L ${W - 150} ${H} Z`).fillOpacity(0.55).fill(K.line);
    d.restore();

    this.logo(M, 54, 26, true);
    this.write(BRAND.name, M + 36, 58, 200, { font: F.bold, size: 20, color: K.light });
    this.write(BRAND.tagline, M, 64, CW, { size: 9, color: K.muted, align: 'right' });

    let y = 236;
    d.rect(M, y, 36, 3).fill(K.primary);
    y += 16;
    y += this.write(C.label, M, y, CW, { font: F.bold, size: 11, color: K.primary, characterSpacing: 2.6 }) + 14;
    y += this.write(C.title, M, y, 420, { font: F.bold, size: 46, color: K.white, lineGap: -2 }) + 18;
    this.write(C.subtitle, M, y, 400, { size: 16, color: K.muted, lineGap: 5 });

    // Three figures on cards.
    const gap = 14;
    const cardW = (CW - 2 * gap) / 3;
    const cardY = 560;
    const cardH = 112;
    C.coverStats.forEach((s, i) => {
      const x = M + i * (cardW + gap);
      d.roundedRect(x, cardY, cardW, cardH, 10).fill(K.surface);
      d.roundedRect(x, cardY, cardW, cardH, 10).lineWidth(0.8).strokeColor(K.line).stroke();
      d.rect(x + 16, cardY + 16, 20, 2.5).fill(i === 1 ? K.success : K.primary);
      this.write(s.value, x + 16, cardY + 28, cardW - 32, { font: F.bold, size: 28, color: K.white });
      this.write(s.label, x + 16, cardY + 66, cardW - 32, { size: 10, color: K.muted, lineGap: 2 });
    });

    const published = C.publishedOn.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    this.write(BRAND.domain, M, H - 74, 200, { font: F.bold, size: 9.5, color: K.light }, `https://${BRAND.domain}`);
    this.write(`Published ${published}`, M, H - 60, 200, { size: 9, color: K.muted });
  }

  // ---- the client's situation ---------------------------------------------------------------------

  situation(): void {
    this.page();
    this.label('At a glance');
    this.glance();
    this.y += 22;
    this.label('The starting point');
    this.heading(C.situation.heading);
    for (const p of C.situation.paragraphs) this.paragraph(p);
    this.y += 2;
    this.need(40);
    this.y += this.write('Where the time went', M, this.y, CW, { font: F.bold, size: 11.5, color: K.ink }) + 7;
    for (const item of C.situation.painPoints) {
      const h = this.height(item, CW - 16, { size: 10, lineGap: 2 });
      this.need(h + 5);
      this.doc.rect(M + 1, this.y + 3.5, 5, 5).fill(K.primaryInk);
      this.y += this.write(item, M + 16, this.y, CW - 16, { size: 10, lineGap: 2 }) + 5;
    }
  }

  private glance(): void {
    const d = this.doc;
    const pad = 14;
    const termW = 78;
    const textW = CW - 2 * pad - termW;
    const rows = C.atAGlance.map((row) => ({ ...row, h: Math.max(14, this.height(row.text, textW, { size: 10, lineGap: 2 })) }));
    const total = rows.reduce((s, row) => s + row.h + 10, 0) + 2 * pad - 10;
    this.need(total);
    const top = this.y;
    d.roundedRect(M, top, CW, total, 8).fill(K.paperTint);
    let y = top + pad;
    rows.forEach((row, i) => {
      this.write(row.term, M + pad, y, termW, { font: F.bold, size: 10, color: K.primaryInk });
      this.write(row.text, M + pad + termW, y, textW, { size: 10, lineGap: 2 });
      y += row.h;
      if (i < rows.length - 1) {
        d.moveTo(M + pad, y + 5).lineTo(M + CW - pad, y + 5).lineWidth(0.5).strokeColor(RULE).stroke();
        y += 10;
      }
    });
    this.y = top + total;
  }

  private callout(text: string): void {
    const d = this.doc;
    const style: TextStyle = { font: F.italic, size: 11, lineGap: 3.2, color: K.ink };
    const h = this.height(text, CW - 40, style) + 26;
    this.need(h);
    d.roundedRect(M, this.y, CW, h, 6).fill(K.paperTint);
    d.rect(M, this.y, 4, h).fill(K.primaryInk);
    this.write(text, M + 22, this.y + 13, CW - 40, style);
    this.y += h + 16;
  }

  // ---- the programme ------------------------------------------------------------------------------

  programme(): void {
    this.page();
    // The client's goal opens the programme it set.
    this.callout(C.situation.goal);
    this.y += 6;
    this.label('The programme');
    this.heading(C.programme.heading);
    this.paragraph(C.programme.intro);
    this.y += 6;
    this.timeline();
    this.caption(`Figure 1. The programme's workstreams across its ${CLAIMS.eoi.weeks} weeks, with the pilot and the full rollout.`);
    this.need(120);
    this.y += this.write('Week by week', M, this.y, CW, { font: F.bold, size: 14, color: K.ink }) + 12;
    this.weekGrid();
    this.team();
  }

  private team(): void {
    const d = this.doc;
    const pad = 16;
    const gap = 20;
    const colW = (CW - 2 * pad - gap) / 2;
    const textStyle: TextStyle = { size: 9.5, lineGap: 2.2, color: K.ink };
    const h = pad + 22 + Math.max(...C.programme.team.map((t) => this.height(t.people, colW, textStyle))) + 16 + pad;
    this.need(h);
    d.roundedRect(M, this.y, CW, h, 8).lineWidth(0.8).strokeColor(RULE).stroke();
    this.write('Who was involved', M + pad, this.y + pad, CW, { font: F.bold, size: 11, color: K.ink });
    C.programme.team.forEach((t, i) => {
      const x = M + pad + i * (colW + gap);
      this.write(t.side.toUpperCase(), x, this.y + pad + 22, colW, { font: F.bold, size: 7.5, color: K.primaryInk, characterSpacing: 1.2 });
      this.write(t.people, x, this.y + pad + 36, colW, textStyle);
    });
    this.y += h + 12;
  }

  private timeline(): void {
    const d = this.doc;
    const weeks = CLAIMS.eoi.weeks;
    const labelW = 124;
    const x0 = M + labelW;
    const gw = CW - labelW;
    const cw = gw / weeks;
    const rowH = 24;
    const headH = 34;
    const rows = C.programme.workstreams;
    const h = headH + rows.length * rowH + 8;
    this.need(h + 40);
    const top = this.y;

    // Milestones above the grid.
    const milestones = [
      { week: 7, text: 'Pilot live' },
      { week: weeks, text: 'Full rollout' },
    ];
    // Week numbers and columns.
    for (let w = 0; w < weeks; w++) {
      const x = x0 + w * cw;
      if (w % 2 === 0) d.rect(x, top + headH - 4, cw, rows.length * rowH + 8).fill(K.paperTint);
      this.write(`W${w + 1}`, x, top + 16, cw, { font: F.bold, size: 8.5, color: K.inkMuted, align: 'center' });
    }
    d.moveTo(x0, top + headH - 4).lineTo(x0 + gw, top + headH - 4).lineWidth(0.6).strokeColor(RULE).stroke();
    rows.forEach((row, i) => {
      const y = top + headH + i * rowH;
      this.write(row.name, M, y + 6, labelW - 10, { size: 9.5, color: K.ink });
      const bx = x0 + (row.from - 1) * cw + 3;
      const bw = (row.to - row.from + 1) * cw - 6;
      const last = i === rows.length - 1;
      d.roundedRect(bx, y + 5, bw, 13, 6.5).fill(last ? K.success : K.primaryInk);
    });
    for (const m of milestones) {
      const x = x0 + (m.week - 0.5) * cw;
      const y = top + 4;
      d.path(`M ${x} ${y} L ${x + 4} ${y + 4} L ${x} ${y + 8} L ${x - 4} ${y + 4} Z`).fill(K.success);
      d.moveTo(x, top + headH - 4)
        .lineTo(x, top + headH + rows.length * rowH + 4)
        .dash(2, { space: 2 })
        .lineWidth(0.7)
        .strokeColor(K.success)
        .stroke()
        .undash();
      this.write(m.text, x - 70, y - 1, 64, { font: F.bold, size: 8, color: K.success, align: 'right' });
    }
    this.y = top + h + 8;
  }

  /** The ten weeks as cards, two a row, in reading order (left to right). */
  private weekGrid(): void {
    const d = this.doc;
    const gap = 12;
    const cardW = (CW - gap) / 2;
    const inner = cardW - 28;
    const titleStyle: TextStyle = { font: F.bold, size: 10.5, color: K.ink };
    const textStyle: TextStyle = { size: 9.5, lineGap: 2.2, color: '#323b55' };
    const weeks = C.programme.weeks;
    for (let i = 0; i < weeks.length; i += 2) {
      const pair = weeks.slice(i, i + 2);
      const h = Math.max(...pair.map((w) => this.height(w.text, inner, textStyle))) + 52;
      this.need(h);
      pair.forEach((week, j) => {
        const n = i + j + 1;
        const x = M + j * (cardW + gap);
        d.roundedRect(x, this.y, cardW, h, 8).fill(K.paperTint);
        d.circle(x + 25, this.y + 23, 10).fill(n === CLAIMS.eoi.weeks ? K.success : K.primaryInk);
        this.write(String(n), x + 15, this.y + 19, 20, { font: F.bold, size: 9, color: K.white, align: 'center' });
        this.write(`WEEK ${n}`, x + 42, this.y + 13, inner - 30, { font: F.bold, size: 7.5, color: K.inkMuted, characterSpacing: 1.2 });
        this.write(week.title, x + 42, this.y + 24, inner - 30, titleStyle);
        this.write(week.text, x + 14, this.y + 42, inner, textStyle);
      });
      this.y += h + gap;
    }
    this.y += 8;
  }

  // ---- results --------------------------------------------------------------------------------------

  results(): void {
    this.page();
    this.label('The results');
    this.heading(C.results.heading);
    this.paragraph(C.results.intro);
    this.y += 8;
    this.decisionTime();
    this.caption(`Figure 2. Typical time to an EOI decision before the programme, and for the ${CLAIMS.eoi.shareOfCases} of applications decided at submission after it.`);
    this.splitAndText();
    this.quote();
  }

  /** Figure 2: a day axis with the "before" bar running past 60 days and the same-day marker at 0. */
  private decisionTime(): void {
    const d = this.doc;
    const h = 124;
    this.need(h + 30);
    const top = this.y;
    const labelW = 112;
    const x0 = M + labelW;
    const x1 = M + CW - 12;
    const maxDays = 70;
    const px = (days: number) => x0 + ((x1 - x0) * days) / maxDays;
    const axisY = top + h - 22;

    this.write('Days from application to decision', M, top, CW, { font: F.bold, size: 10, color: K.ink });
    for (let day = 0; day <= maxDays; day += 10) {
      const x = px(day);
      d.moveTo(x, top + 22).lineTo(x, axisY).lineWidth(0.5).strokeColor(RULE).stroke();
      this.write(String(day), x - 12, axisY + 6, 24, { size: 8.5, color: K.inkMuted, align: 'center' });
    }
    d.moveTo(x0, axisY).lineTo(x1, axisY).lineWidth(0.8).strokeColor(K.inkMuted).stroke();

    // Before: 60+ days, the bar running on past 60.
    const beforeY = top + 30;
    this.write('Before', M, beforeY + 2, labelW - 10, { font: F.bold, size: 10, color: K.ink });
    this.write('typical application', M, beforeY + 15, labelW - 10, { size: 8.5, color: K.inkMuted });
    d.roundedRect(x0, beforeY, px(60) - x0, 24, 4).fill(GREY_BAR);
    d.save();
    d.rect(px(60) - 4, beforeY, px(66) - px(60) + 4, 24).fillOpacity(0.35).fill(GREY_BAR);
    d.restore();
    d.path(`M ${px(66)} ${beforeY - 3} L ${px(69)} ${beforeY + 12} L ${px(66)} ${beforeY + 27} Z`).fill(GREY_BAR);
    this.write(CLAIMS.eoi.before, px(60) - 90, beforeY + 7, 82, { font: F.bold, size: 10, color: K.white, align: 'right' });

    // After: same-day for the share of cases.
    const afterY = top + 66;
    this.write('After', M, afterY + 2, labelW - 10, { font: F.bold, size: 10, color: K.ink });
    this.write(`${CLAIMS.eoi.shareOfCases} of applications`, M, afterY + 15, labelW - 10, { size: 8.5, color: K.inkMuted });
    d.circle(x0, afterY + 12, 8).fill(K.success);
    d.circle(x0, afterY + 12, 3).fill(K.white);
    this.write(`${CLAIMS.eoi.after}: decided at submission`, x0 + 16, afterY + 7, 260, { font: F.bold, size: 10, color: K.success });
    this.y = top + h + 8;
  }

  /** Figure 3 (how decisions are made after go-live) beside the text on what changed. */
  private splitAndText(): void {
    const d = this.doc;
    const size = 118;
    const leftW = 170;
    const textX = M + leftW + 20;
    const textW = CW - leftW - 20;
    const textStyle: TextStyle = { size: 10, lineGap: 3, color: K.ink };
    const th = C.results.paragraphs.reduce((sum, p) => sum + this.height(p, textW, textStyle) + 8, 0);
    const h = Math.max(size + 78, th);
    this.need(h);
    const top = this.y;
    const cx = M + size / 2;
    const cy = top + size / 2;
    const outer = size / 2;
    const inner = outer * 0.62;
    let a = 0;
    C.results.split.forEach((part, i) => {
      const a1 = a + (2 * Math.PI * part.percent) / 100;
      d.path(ring(cx, cy, outer, inner, a, a1)).fill(i === 0 ? K.success : BAR_SOFT);
      a = a1;
    });
    this.write(`${C.results.split[0].percent}%`, cx - 40, cy - 13, 80, { font: F.bold, size: 19, color: K.ink, align: 'center' });
    this.write(CLAIMS.eoi.after, cx - 40, cy + 8, 80, { size: 8.5, color: K.inkMuted, align: 'center' });
    let ly = top + size + 12;
    C.results.split.forEach((part, i) => {
      d.rect(M, ly + 1.5, 8, 8).fill(i === 0 ? K.success : BAR_SOFT);
      ly += this.write(`${part.label} (${part.percent}%)`, M + 14, ly, leftW - 14, { size: 8.5, color: K.ink }) + 4;
    });
    this.write('Figure 3. How EOI applications are decided after go-live.', M, ly + 4, leftW, { font: F.italic, size: 8.5, color: K.inkMuted });

    let y = top;
    for (const p of C.results.paragraphs) y += this.write(p, textX, y, textW, textStyle) + 8;
    this.y = top + h + 14;
  }

  private quote(): void {
    const d = this.doc;
    const pad = 20;
    const quoteStyle: TextStyle = { font: F.italic, size: 13, lineGap: 3.5, color: K.ink };
    const textW = CW - 2 * pad - 40;
    const h = pad + this.height(C.results.quote.text, textW, quoteStyle) + 22 + pad - 4;
    this.need(h);
    d.roundedRect(M, this.y, CW, h, 8).fill(K.paperTint);
    this.write('\u201C', M + pad - 2, this.y + pad - 8, 40, { font: F.bold, size: 44, color: K.primaryInk });
    const th = this.write(C.results.quote.text, M + pad + 36, this.y + pad, textW, quoteStyle);
    this.write(C.results.quote.by, M + pad + 36, this.y + pad + th + 10, textW, { font: F.bold, size: 9, color: K.inkMuted });
    this.y += h + 10;
  }

  // ---- what made it work, and the call to action -------------------------------------------------------

  lessonsAndClosing(): void {
    this.page();
    this.label('Lessons');
    this.heading(C.lessons.heading);
    const d = this.doc;
    const gap = 14;
    const cardW = (CW - gap) / 2;
    const items = C.lessons.items;
    for (let i = 0; i < items.length; i += 2) {
      const pair = items.slice(i, i + 2);
      const h =
        Math.max(
          ...pair.map(
            (it) => this.height(it.title, cardW - 32, { font: F.bold, size: 11.5 }) + 8 + this.height(it.text, cardW - 32, { size: 10, lineGap: 2.4 }),
          ),
        ) + 40;
      this.need(h);
      pair.forEach((it, j) => {
        const x = M + j * (cardW + gap);
        d.roundedRect(x, this.y, cardW, h, 8).fill(K.paperTint);
        d.rect(x + 16, this.y + 16, 18, 2.5).fill(K.primaryInk);
        const th = this.write(it.title, x + 16, this.y + 26, cardW - 32, { font: F.bold, size: 11.5, color: K.ink });
        this.write(it.text, x + 16, this.y + 34 + th, cardW - 32, { size: 10, lineGap: 2.4, color: '#323b55' });
      });
      this.y += h + gap;
    }
    this.y += 16;
    this.closing();
  }

  private closing(): void {
    const d = this.doc;
    const pad = 28;
    const textW = CW - 2 * pad;
    const headStyle: TextStyle = { font: F.bold, size: 20, color: K.white, lineGap: 2 };
    const bodyStyle: TextStyle = { size: 11, color: K.muted, lineGap: 3.5 };
    const hh = this.height(C.closing.heading, textW, headStyle);
    const bh = this.height(C.closing.text, textW, bodyStyle);
    const h = pad + hh + 12 + bh + 22 + 40 + 20 + 12 + pad;
    // The panel and the disclaimer under it stay together.
    this.need(h + 30);
    const top = this.y;
    d.roundedRect(M, top, CW, h, 12).fill(K.navy);
    d.save();
    d.roundedRect(M, top, CW, h, 12).clip();
    d.circle(M + CW - 10, top + 20, 90).lineWidth(1).strokeOpacity(0.25).strokeColor(K.primary).stroke();
    d.circle(M + CW - 10, top + 20, 130).lineWidth(1).strokeOpacity(0.15).strokeColor(K.primary).stroke();
    d.restore();
    let y = top + pad;
    y += this.write(C.closing.heading, M + pad, y, textW - 60, headStyle) + 12;
    y += this.write(C.closing.text, M + pad, y, textW, bodyStyle) + 22;

    // The button.
    const label = C.closing.cta.label;
    this.style({ font: F.bold, size: 12 });
    const bw = d.widthOfString(label) + 44;
    d.roundedRect(M + pad, y, bw, 40, 8).fill(K.primary);
    this.write(label, M + pad, y + 14, bw, { font: F.bold, size: 12, color: K.navy, align: 'center' });
    d.link(M + pad, y, bw, 40, C.closing.cta.url);
    this.write(C.closing.cta.url.replace(/^https:\/\//, ''), M + pad + bw + 14, y + 15, 220, { size: 10, color: K.primary }, C.closing.cta.url);
    y += 40 + 20;

    // Links.
    let x = M + pad;
    C.closing.links.forEach((l, i) => {
      this.style({ font: F.bold, size: 9.5 });
      const w = d.widthOfString(l.label);
      this.write(l.label, x, y, w + 1, { font: F.bold, size: 9.5, color: K.light }, l.url);
      x += w;
      if (i < C.closing.links.length - 1) {
        d.circle(x + 9, y + 4.5, 1.6).fill(K.muted);
        x += 18;
      }
    });
    this.y = top + h + 16;
    this.write(C.disclaimer, M, this.y, CW, { size: 8, color: K.inkMuted, lineGap: 1.5 });
  }

  // ---- running footers ----------------------------------------------------------------------------------

  footers(): void {
    const d = this.doc;
    const range = d.bufferedPageRange();
    const total = range.count;
    for (let i = range.start + 1; i < range.start + total; i++) {
      d.switchToPage(i);
      // Writing below the bottom margin would otherwise start a new page.
      const margin = d.page.margins.bottom;
      d.page.margins.bottom = 0;
      d.moveTo(M, H - 48).lineTo(W - M, H - 48).lineWidth(0.6).strokeColor(RULE).stroke();
      this.write(`${BRAND.name}  |  ${BRAND.tagline}`, M, H - 40, CW / 2, { size: 8.5, color: K.inkMuted });
      this.write(`Page ${i - range.start + 1} of ${total}`, M, H - 40, CW, { size: 8.5, color: K.inkMuted, align: 'right' });
      d.page.margins.bottom = margin;
    }
  }
}

/** An SVG path for a ring segment from angle a0 to a1 (radians, clockwise from 12 o'clock). */
function ring(cx: number, cy: number, outer: number, inner: number, a0: number, a1: number): string {
  const p = (radius: number, a: number) => `${(cx + radius * Math.sin(a)).toFixed(3)} ${(cy - radius * Math.cos(a)).toFixed(3)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  return [
    `M ${p(outer, a0)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${p(outer, a1)}`,
    `L ${p(inner, a1)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${p(inner, a0)}`,
    'Z',
  ].join(' ');
}
