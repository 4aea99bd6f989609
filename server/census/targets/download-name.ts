/**
 * An export's file name, the same wherever it is made (the server's download link, server/cases/
 * case-reports.ts; the engine worker of private mode): safe in a Content-Disposition header and on
 * any file system, made of the uploaded file's name and the export target (never a person's data).
 */
export function downloadName(fileName: string | null, target = 'clean', format = 'xlsx'): string {
  const base = (fileName ?? 'census').replace(/\.[^.]*$/, '');
  const safe = base.normalize('NFKD').replace(/[^A-Za-z0-9 ._-]+/g, '').replace(/\s+/g, '-').replace(/^[.-]+/, '').slice(0, 80);
  return `${safe || 'census'}-${target}.${format}`;
}
