// DOM building for the report pages' scripts (page.js, hindcast.js), inlined before them: every
// text goes in as a text node (Node.append of a string), never as markup, so names from a
// user's file cannot run as script (docs/hardening.md).
/* exported element, pageNotes, svgElement, table */
function element(tag, attributes, children) {
  'use strict';
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
  for (const child of children || []) node.append(child);
  return node;
}

function svgElement(tag, attributes, children) {
  'use strict';
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, String(value));
  for (const child of children || []) node.append(child);
  return node;
}

/** A table of text cells: headers, then one row per entry of `rows`. */
function table(headers, rows) {
  'use strict';
  return element('table', {}, [
    element('thead', {}, [
      element(
        'tr',
        {},
        headers.map((header) => element('th', {}, [header])),
      ),
    ]),
    element(
      'tbody',
      {},
      rows.map((row) =>
        element(
          'tr',
          {},
          row.map((cell) => element('td', {}, [String(cell)])),
        ),
      ),
    ),
  ]);
}

/** The page's notes under their heading, or nothing when there are none. */
function pageNotes(notes) {
  'use strict';
  if (notes.length === 0) return [];
  return [
    element('h3', {}, ['Notes on this page']),
    element(
      'ul',
      {},
      notes.map((note) => element('li', {}, [note])),
    ),
  ];
}
