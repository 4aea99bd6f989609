/** The OCR reader's pure parts: word cleaning, font height, the orientation score, a PDF image's visible part, pixel turns. */
import { describe, expect, it } from 'vitest';
import { bestTurn, scoreWords } from '../../../../../server/census/read/ocr/orientation';
import { visiblePart } from '../../../../../server/census/read/ocr/pdf-images';
import { crop, shrink, turn } from '../../../../../server/census/read/ocr/png';
import { CAP_HEIGHT, cleanWord, fontHeight, isSpeck, itemsOf, narrowSwollen, splitAtGaps } from '../../../../../server/census/read/ocr/recognise';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });

describe('OCR words', () => {
  it('drops table rules and specks read as marks, keeps a dash', () => {
    expect(cleanWord('|')).toBe('');
    expect(cleanWord("'")).toBe('');
    expect(cleanWord('N|')).toBe('N');
    expect(cleanWord("'M")).toBe('M');
    expect(cleanWord('[3')).toBe('3');
    expect(cleanWord("O'Brien")).toBe("O'Brien");
    expect(cleanWord('-')).toBe('-');
    expect(cleanWord('#')).toBe('#');
  });

  it('takes the font height from the cap height of capital-or-digit words', () => {
    const words = [
      { text: '94107', bbox: box(0, 0, 50, 18) },
      { text: 'Avery', bbox: box(60, 0, 110, 24) }, // a descender: not a cap word
      { text: 'CA', bbox: box(120, 0, 140, 18) },
    ];
    expect(fontHeight(words)).toBeCloseTo(18 / CAP_HEIGHT, 5);
    expect(fontHeight([{ text: 'only', bbox: box(0, 0, 30, 22) }])).toBe(22);
  });

  it('gives each word its line baseline, a narrowed box past a border, and its confidence', () => {
    const line = {
      bbox: box(0, 0, 300, 30),
      baseline: { ...box(0, 20, 300, 23), has_baseline: true },
      rowAttributes: { row_height: 40, ascenders: 5, descenders: -5 },
      words: [
        { text: '10234', confidence: 96, bbox: box(0, 2, 50, 20) },
        {
          text: 'N|',
          confidence: 70,
          bbox: box(100, 2, 130, 22),
          symbols: [
            { text: 'N', bbox: box(100, 2, 112, 20) },
            { text: '|', bbox: box(126, 0, 130, 30) },
          ],
        },
        { text: '|', confidence: 30, bbox: box(200, 0, 203, 30) },
      ],
    };
    const items = itemsOf([{ paragraphs: [{ lines: [line] }] }]);
    expect(items.map((it) => it.str)).toEqual(['10234', 'N']);
    expect(items[1].width).toBe(12);
    expect(items[0].y).toBe(20.3); // 20 + 3 x 25 / 300, to a tenth
    expect(items[1].y).toBe(21.1); // at the middle of 'N' alone (x 106)
    expect(items[0].height).toBeCloseTo(18 / CAP_HEIGHT, 0);
    expect(items.map((it) => it.confidence)).toEqual([96, 70]);
  });
});

describe('orientation score', () => {
  it('counts characters of sure words of two characters or more', () => {
    expect(scoreWords([
      { text: 'Active', confidence: 90 },
      { text: 'N', confidence: 95 },
      { text: 'xq', confidence: 40 },
    ])).toEqual({ good: 6, chars: 9 });
  });
  it('picks the best turn, upright on a tie', () => {
    expect(bestTurn([{ turn: 0, good: 3, chars: 50 }, { turn: 90, good: 80, chars: 90 }, { turn: 270, good: 2, chars: 60 }])).toBe(90);
    expect(bestTurn([{ turn: 180, good: 0, chars: 0 }, { turn: 0, good: 0, chars: 0 }])).toBe(0);
  });
});

describe('pixels', () => {
  const img = { width: 3, height: 2, grey: Uint8Array.from([1, 2, 3, 4, 5, 6]) };
  it('turns by quarter turns', () => {
    expect(turn(img, 90)).toEqual({ width: 2, height: 3, grey: Uint8Array.from([4, 1, 5, 2, 6, 3]) });
    expect(turn(img, 270)).toEqual({ width: 2, height: 3, grey: Uint8Array.from([3, 6, 2, 5, 1, 4]) });
    expect(turn(img, 180).grey).toEqual(Uint8Array.from([6, 5, 4, 3, 2, 1]));
    expect(turn(turn(img, 90), 270)).toEqual(img);
  });
  it('crops and shrinks', () => {
    expect(crop(img, { left: 1, top: 0, width: 2, height: 2 }).grey).toEqual(Uint8Array.from([2, 3, 5, 6]));
    expect(shrink({ width: 2, height: 2, grey: Uint8Array.from([0, 2, 4, 6]) }, 2).grey).toEqual(Uint8Array.from([3]));
  });
});

describe("a PDF image's visible part", () => {
  it('is the whole image when it lies inside the page', () => {
    expect(visiblePart([500, 0, 0, 700, 50, 50], [0, 0, 612, 792], 1000, 1400)).toEqual({ left: 0, top: 0, width: 1000, height: 1400 });
  });
  it('is the top part on the page showing the top of a tall image', () => {
    // 1000 x 2000 px painted 500 x 1000 pt, its top at y = 792 (the rest below the page).
    const part = visiblePart([500, 0, 0, 1000, 0, -208], [0, 0, 612, 792], 1000, 2000);
    expect(part).toEqual({ left: 0, top: 0, width: 1000, height: 1584 });
  });
});

describe('the browser twin (private mode)', () => {
  it('refuses a scanned page with a plain sentence, and loads no OCR library', async () => {
    const twin = await import('../../../../../server/census/read/ocr/index.browser');
    await expect(twin.ocrPdf(new Uint8Array(4))).rejects.toMatchObject({ name: 'CensusReadError', code: 'unsupported-format', message: twin.OCR_IN_BROWSER });
    await expect(twin.ocrImage(new Uint8Array(4))).rejects.toMatchObject({ code: 'unsupported-format' });
    expect(twin.checkDigits('O2l39', 'zip').text).toBe('02139');
  });
});

describe('OCR words: specks, swollen boxes, lost underscores', () => {
  const sym = (text: string, x0: number, x1: number) => ({ text, bbox: box(x0, 0, x1, 18) });
  const H = 26;

  it('takes a character narrower than any ink, or a dash narrower than a dash, for a speck', () => {
    expect(isSpeck({ text: 'A', bbox: box(0, 0, 2, 18) }, H)).toBe(true);
    expect(isSpeck({ text: '-', bbox: box(0, 0, 3, 18) }, H)).toBe(true);
    expect(isSpeck({ text: '-', bbox: box(0, 0, 9, 18) }, H)).toBe(false);
    expect(isSpeck({ text: '1', bbox: box(0, 0, 3, 18) }, H)).toBe(false);
    expect(isSpeck({ text: '1', confidence: 28, bbox: box(0, 0, 3, 18) }, H)).toBe(true);
    expect(isSpeck({ text: '1', confidence: 51, bbox: box(0, 0, 1, 18) }, H)).toBe(true);
    expect(isSpeck({ text: 'M', bbox: box(0, 0, 17, 18) }, H)).toBe(false);
    expect(isSpeck({ text: 'A', confidence: 72, bbox: box(0, 0, 6, 18) }, H)).toBe(true);
  });

  it("cuts back a word whose last character swallowed a dropped underscore ('Date' over 'of' 'Birth')", () => {
    const w = { text: 'Date', confidence: 2, bbox: box(976, 0, 1155, 18), symbols: [sym('D', 976, 994), sym('a', 995, 1010), sym('t', 1011, 1023), sym('e', 1023, 1155)] };
    expect(narrowSwollen(w).bbox.x1).toBeLessThan(1045);
    const plain = { text: 'Birth', confidence: 90, bbox: box(0, 0, 64, 18), symbols: [sym('B', 0, 15), sym('i', 15, 30), sym('r', 30, 42), sym('t', 42, 57), sym('h', 57, 64)] };
    expect(narrowSwollen(plain)).toBe(plain);
  });

  it('splits a word where two letters stand apart (a dropped underscore), never between digits', () => {
    const w = { text: 'EmployeeID', confidence: 70, bbox: box(0, 0, 160, 18), symbols: [...'Employee'].map((c, i) => sym(c, i * 15, i * 15 + 13)).concat([sym('I', 133, 136), sym('D', 138, 152)]) };
    expect(splitAtGaps(w, H).map((p) => p.text)).toEqual(['Employee', 'ID']);
    const n = { text: '2011', confidence: 90, bbox: box(0, 0, 80, 18), symbols: [sym('2', 0, 12), sym('0', 15, 27), sym('1', 38, 41), sym('1', 52, 55)] };
    expect(splitAtGaps(n, H)).toEqual([n]);
  });

  it('drops a speck read as a mark beside a word, keeps a dash in its own cell', () => {
    const line = (words: { text: string; confidence: number; bbox: ReturnType<typeof box> }[]) => ({
      bbox: box(0, 0, 900, 30), baseline: { ...box(0, 20, 900, 20), has_baseline: true }, rowAttributes: { row_height: 30, ascenders: 5, descenders: -5 }, words,
    });
    const items = itemsOf([{ paragraphs: [{ lines: [line([
      { text: 'FALSE', confidence: 95, bbox: box(0, 2, 80, 20) },
      { text: '-', confidence: 10, bbox: box(86, 10, 94, 12) },
      { text: '-', confidence: 80, bbox: box(300, 10, 309, 12) },
      { text: '9', confidence: 95, bbox: box(500, 2, 512, 20) },
    ])] }] }]);
    expect(items.map((i) => i.str)).toEqual(['FALSE', '-', '9']);
    expect(items[1].x).toBe(300);
    expect(cleanWord('123456716.')).toBe('123456716');
    expect(cleanWord('2900.00.')).toBe('2900.00');
    expect(cleanWord('62183.85-')).toBe('62183.85');
    expect(cleanWord('-10/10/1973')).toBe('10/10/1973');
    expect(cleanWord('.0')).toBe('0');
    expect(cleanWord('-5')).toBe('-5');
  });
});
