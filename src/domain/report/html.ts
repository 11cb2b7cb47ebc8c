/**
 * One self-contained HTML file: every script and style inlined, the data as gzip-compressed
 * JSON in base64 in a script element (the page inflates it with the browser's own
 * DecompressionStream; names and coordinates of large feeders shrink several-fold), nothing fetched. The Content-Security-Policy forbids any connection, so
 * even a mistake in a library cannot reach the network from the page.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ReportPayload } from './payload.js';

/** The scripts and styles the page inlines (the app layer reads them from the installed packages). */
export interface ReportAssets {
  scripts: readonly string[];
  styles: readonly string[];
}

/**
 * Only the page's own scripts run: each is allowed by its sha256, so no inline event handler
 * (`onerror=`, `onmouseover=`), `javascript:` URL or injected script element can run, whatever
 * a name in the data holds. Nothing may be fetched or sent (`connect-src 'none'`), forms post
 * nowhere, and no <base> can redirect links.
 */
function contentSecurityPolicy(scripts: readonly string[]): string {
  const hashes = scripts.map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
  return [
    "default-src 'none'",
    `script-src ${hashes.join(' ')}`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    'font-src data:',
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** A script's text made safe inside a <script> element. */
function inlineScript(source: string): string {
  return source.replace(/<\/(script)/gi, '<\\/$1');
}

/** A style's text with every url(...) removed, so no stylesheet can ask for a file beside the page. */
function inlineStyle(source: string): string {
  return source.replace(/url\((?!\s*['"]?data:)[^)]*\)/g, 'none').replace(/<\/(style)/gi, '<\\/$1');
}

/** The page of `payload`: a run's report (ReportPayload) or a hindcast's (HindcastPayload), each with its own script. */
export function renderReportHtml(payload: { title: string }, assets: ReportAssets): string {
  // base64 cannot hold "<", so no name in the data can end the script element or start markup.
  const data = gzipSync(JSON.stringify(payload), { level: 9 }).toString('base64');
  const scripts = assets.scripts.map(inlineScript);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(scripts)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>hazsim report: ${escapeHtml(payload.title)}</title>`,
    ...assets.styles.map((style) => `<style>${inlineStyle(style)}</style>`),
    '</head>',
    '<body>',
    `<script type="application/octet-stream" id="report-data" data-encoding="gzip+base64">${data}</script>`,
    ...scripts.map((script) => `<script>${script}</script>`),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The data of a report page, as the page itself reads it (for tests and tools that inspect a report). */
export function readReportData<Payload = ReportPayload>(html: string): Payload {
  const match = /<script type="application\/octet-stream" id="report-data" data-encoding="gzip\+base64">([A-Za-z0-9+/=]*)<\/script>/.exec(html);
  if (!match) throw new Error('not a hazsim report page: no report-data element');
  return JSON.parse(gunzipSync(Buffer.from(match[1], 'base64')).toString('utf8')) as Payload;
}
