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

/** The census elements and two charts under the same strict CSP (the report's case from ?caseId=). */
export function strictCspCensusPage(widgetOrigin: string): { csp: string; html: string } {
  const { csp } = strictCspPage(widgetOrigin);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict CSP census embed</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="${widgetOrigin}/widgets/widgets.js" data-api-base="${widgetOrigin}"></script></head>
<body><main><h1>Strict CSP census</h1><census-parser></census-parser><census-report case-id-param="caseId"></census-report>
<gender-doughnut data='{"male":{"value":3,"percentage":60},"female":{"value":2,"percentage":40},"unknown":{"value":0,"percentage":0}}'></gender-doughnut>
<time-bar-chart data='{"1704067200000":3,"NaN":1}'></time-bar-chart></main></body></html>`;
  return { csp, html };
}

/**
 * A partner's page that embeds the census tool in private mode from the widget origin, under a strict
 * policy whose one allowance for it is worker-src blob: (the engine's one-line bootstrap, which
 * imports the engine file from the widget origin: docs/decisions.md).
 */
export function privateCensusPage(widgetOrigin: string): { csp: string; html: string } {
  const csp = `${strictCspPage(widgetOrigin).csp}; worker-src blob:`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Private census on a partner page</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="${widgetOrigin}/widgets/widgets.js" data-api-base="${widgetOrigin}"></script></head>
<body><main><h1>Private census</h1><census-parser private no-heavy-lifting></census-parser><census-report private-result no-delete></census-report></main></body></html>`;
  return { csp, html };
}

/**
 * A partner's plain white page with the light census tool and NO report-url: the report must open on
 * the widget origin's own report page, never on this origin's 404 (issue 21).
 */
export function whiteCensusPage(widgetOrigin: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>White partner page</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;background:#fff;color:#111827;font-family:system-ui,sans-serif}main{max-width:52rem;margin:0 auto;padding:1.5rem}</style>
<script src="${widgetOrigin}/widgets/widgets.js" defer></script></head>
<body><main><h1>Census upload</h1><census-parser theme="light"></census-parser></main></body></html>`;
}

export function startEmbedder(root: string, widgetOrigin: string, port: number): Promise<Embedder> {
  const examples = join(root, 'examples');
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/csp.html' || path === '/csp-census.html' || path === '/private-census.html') {
      const page = (path === '/csp.html' ? strictCspPage : path === '/private-census.html' ? privateCensusPage : strictCspCensusPage)(widgetOrigin);
      res.writeHead(200, { 'Content-Type': TYPES['.html'], 'Content-Security-Policy': page.csp });
      res.end(page.html);
      return;
    }
    if (path === '/white-census.html') {
      res.writeHead(200, { 'Content-Type': TYPES['.html'] });
      res.end(whiteCensusPage(widgetOrigin));
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
