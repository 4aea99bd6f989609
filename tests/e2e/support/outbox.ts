import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The .eml files the server wrote (no SMTP_URL in tests), oldest first. */
export function outbox(dataDir: string): { name: string; text: string }[] {
  const dir = join(dataDir, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names.map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

/** Decodes quoted-printable soft breaks and escapes enough to find a URL in a mail body. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export function viewerLinks(mail: string): string[] {
  const decoded = decodeQuotedPrintable(mail);
  return [...new Set(decoded.match(/https?:\/\/[^\s"<>]+\/case-study\/download\?token=[A-Za-z0-9._~%-]+/g) ?? [])];
}
