/** Hand-built multipart/form-data bodies (so tests can also cut them short or break them). */
import { randomBytes } from 'node:crypto';

export interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

export function multipart(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----benefold${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.fileName !== undefined
      ? `form-data; name="${p.name}"; filename="${p.fileName}"`
      : `form-data; name="${p.name}"`;
    const type = p.fileName !== undefined ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
