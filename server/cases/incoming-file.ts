/**
 * Taking in one census file, the same way for both ways in (the upload route and the mail intake):
 *
 *   1. the name is cleaned (cleanFileName) and its extension checked against the allow-list;
 *   2. the bytes are counted (at most CENSUS_UPLOAD.maxBytes) and the first SNIFF_BYTES checked
 *      against the name (upload-check.ts); a ZIP (.xlsx) is also kept in memory while it arrives
 *      (at most 5 MB) for a look at its directory when it ends (upload-check.ts zipRefusal);
 *   3. the bytes are written encrypted under a generated name (CensusService.incoming).
 *
 * A file that fails a check is an IntakeRefusal (the reason, and the sentence for the user); its
 * partial file is already deleted. The route maps refusals to HTTP answers, the mail intake to notes
 * in its reply: neither repeats the checks.
 */
import { CENSUS_UPLOAD } from '../../shared/constants';
import type { CensusService, StoredFile } from './service';
import { extensionOf } from '../census/read/sniff';
import { contentMismatch, SNIFF_BYTES, UPLOAD_TEXT, webUploadKind, zipRefusal, type UploadKind } from './upload-check';

/** `unsafe`: a ZIP the read stage would refuse from its directory or its parts' first bytes (a bomb, an XML entity declaration, too many parts, damaged). */
export type RefusalReason = 'type' | 'empty' | 'too-large' | 'mismatch' | 'unsafe';

export class IntakeRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'IntakeRefusal';
  }
}

/** The longest file name kept (in characters, after cleaning). */
export const FILE_NAME_MAX = 255;

/**
 * Characters a stored file name never keeps: C0 and C1 controls (NUL, CR/LF, escape...), DEL, the
 * bidirectional embeddings, overrides and isolates (U+202E can make "xslx.exe" display as
 * "exe.xlsx"), the Arabic letter mark, and the invisible zero-width space, word joiner and BOM.
 * Zero-width (non-)joiners stay: they belong to the spelling of Persian and Indic names.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The name a file is stored and shown under: the last path segment (a browser sends only that; a
 * crafted request may send a path), without the characters above, trimmed, at most FILE_NAME_MAX
 * characters (the stem cut, not the extension, and never a surrogate pair in two).
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // A lone surrogate (not well-formed UTF-16; a parser can hand one over) becomes U+FFFD.
  const clean = base.replace(UNSAFE_IN_NAMES, '').replace(LONE_SURROGATE, '\ufffd').trim();
  if (clean.length <= FILE_NAME_MAX) return clean;
  // Too long: the stem is cut, the extension kept (it decides the file's kind).
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  let cut = FILE_NAME_MAX - ext.length;
  if (/[\uD800-\uDBFF]/.test(clean[cut - 1])) cut--;
  return clean.slice(0, cut) + ext;
}

/** One file on its way in: write its bytes in order, then finish (or discard). */
export interface FileIntake {
  /** The cleaned name the file is stored under. */
  readonly fileName: string;
  readonly kind: UploadKind;
  /** Takes the next chunk; an IntakeRefusal (too large, content not matching the name) ends the file. */
  write(chunk: Buffer): Promise<void>;
  /** The file, durable and ready for createCase/addFile; an IntakeRefusal when it is empty or does not match. */
  finish(password?: string | null): Promise<StoredFile>;
  /** Deletes the partial file (safe to call more than once, and after a refusal). */
  discard(): Promise<void>;
}

type Files = Pick<CensusService, 'incoming' | 'discard'>;

/** Opens the intake of one file; an IntakeRefusal('type') before anything is written when the name is not allowed. */
export async function openFileIntake(files: Files, rawName: string): Promise<FileIntake> {
  const fileName = cleanFileName(rawName);
  // The web's list (.txt/.tsv read as CSV); the mail intake picks its attachments by the spec's list first.
  const kind = webUploadKind(fileName);
  if (!kind) throw new IntakeRefusal('type', UPLOAD_TEXT.wrongType);
  const incoming = await files.incoming();
  let size = 0;
  let head: Buffer | null = Buffer.alloc(0);
  let done = false; // finished or refused: no more writes
  let deleted = false;

  const discard = async () => {
    done = true;
    if (deleted) return;
    deleted = true;
    await files.discard(incoming);
  };
  const refuse = async (reason: RefusalReason, message: string): Promise<never> => {
    await discard();
    throw new IntakeRefusal(reason, message);
  };
  // An .xlsx's chunks, for zipRefusal at the end (the directory is at the end of a ZIP); dropped
  // once the first bytes show it is not a ZIP (an encrypted workbook is OLE2: nothing to look at).
  let zipChunks: Buffer[] | null = kind === 'xlsx' ? [] : null;
  const checkHead = async () => {
    if (!head) return;
    const mismatch = contentMismatch(kind, head, extensionOf(fileName));
    if (zipChunks && !(head[0] === 0x50 && head[1] === 0x4b)) zipChunks = null;
    head = null;
    if (mismatch) await refuse('mismatch', mismatch);
  };

  return {
    fileName,
    kind,
    async write(chunk) {
      if (done) throw new Error('file intake already ended');
      size += chunk.length;
      if (size > CENSUS_UPLOAD.maxBytes) await refuse('too-large', UPLOAD_TEXT.tooLarge);
      if (head) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) await checkHead();
      }
      zipChunks?.push(chunk);
      await incoming.writer.write(chunk);
    },
    async finish(password) {
      if (done) throw new Error('file intake already ended');
      if (size === 0) await refuse('empty', UPLOAD_TEXT.empty);
      await checkHead();
      if (zipChunks) {
        const unsafe = zipRefusal(Buffer.concat(zipChunks));
        zipChunks = null;
        if (unsafe) await refuse('unsafe', unsafe);
      }
      await incoming.writer.finish();
      done = true;
      return { incoming, fileName, size, password: password || null };
    },
    discard,
  };
}

/** A whole file in memory (a mail attachment) through the same steps. */
export async function takeFile(files: Files, rawName: string, bytes: Buffer): Promise<StoredFile> {
  const intake = await openFileIntake(files, rawName);
  try {
    // Refused before a byte is written when it is too large.
    if (bytes.length > CENSUS_UPLOAD.maxBytes) throw new IntakeRefusal('too-large', UPLOAD_TEXT.tooLarge);
    if (bytes.length) await intake.write(bytes);
    return await intake.finish();
  } catch (err) {
    await intake.discard();
    throw err;
  }
}
