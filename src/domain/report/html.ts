/**
 * One self-contained HTML file: every script and style inlined, the data as JSON in a
 * script element, nothing fetched. The Content-Security-Policy forbids any connection, so
 * even a mistake in a library cannot reach the network from the page.
 */
import type { ReportPayload } from './payload.js';

/** The scripts and styles the page inlines (the app layer reads them from the installed packages). */
export interface ReportAssets {
  scripts: readonly string[];
  styles: readonly string[];
}

const CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; font-src data:";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
}

/** A script's text made safe inside a <script> element. */
function inlineScript(source: string): string {
  return source.replace(/<\/(script)/gi, '<\\/$1');
}

/** A style's text with every url(...) removed, so no stylesheet can ask for a file beside the page. */
function inlineStyle(source: string): string {
  return source.replace(/url\((?!\s*['"]?data:)[^)]*\)/g, 'none').replace(/<\/(style)/gi, '<\\/$1');
}

export function renderReportHtml(payload: ReportPayload, assets: ReportAssets): string {
  // JSON in a script element: "<" escaped so no "</script>" or "<!--" can end or change it.
  const data = JSON.stringify(payload)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>hazsim report: ${escapeHtml(payload.title)}</title>`,
    ...assets.styles.map((style) => `<style>${inlineStyle(style)}</style>`),
    '</head>',
    '<body>',
    `<script type="application/json" id="report-data">${data}</script>`,
    ...assets.scripts.map((script) => `<script>${inlineScript(script)}</script>`),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
