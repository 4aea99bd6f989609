/**
 * A third party's web server on another origin: it serves examples/ (with the widget origin
 * rewritten to the server under test, as a partner would write it) and test pages, one of them
 * under a strict Content-Security-Policy that allows scripts only from the widget origin.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export interface Embedder {
  url: string;
  close(): Promise<void>;
}

export function strictCspPage(widgetOrigin: string): { csp: string; html: string } {
  const csp = [
    "default-src 'none'",
    `script-src ${widgetOrigin}`,
    `style-src ${widgetOrigin}`,
    `connect-src ${widgetOrigin}`,
    `img-src ${widgetOrigin} data:`,
    `font-src ${widgetOrigin}`,
  ].join('; ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict CSP embed</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="${widgetOrigin}/widgets/widgets.js" data-api-base="${widgetOrigin}"></script></head>
<body><main><h1>Strict CSP</h1><case-study-form></case-study-form><webinar-subscribe></webinar-subscribe></main></body></html>`;
  return { csp, html };
}

export function startEmbedder(root: string, widgetOrigin: string, port: number): Promise<Embedder> {
  const examples = join(root, 'examples');
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/csp.html') {
      const page = strictCspPage(widgetOrigin);
      res.writeHead(200, { 'Content-Type': TYPES['.html'], 'Content-Security-Policy': page.csp });
      res.end(page.html);
      return;
    }
    const file = normalize(join(examples, path));
    if (!file.startsWith(examples)) {
      res.writeHead(403).end();
      return;
    }
    try {
      let body = await readFile(file, 'utf8');
      if (extname(file) === '.html') body = body.replaceAll('http://localhost:8080', widgetOrigin);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}
