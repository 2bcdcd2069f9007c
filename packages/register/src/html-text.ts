import { compile, type DomNode, type FormatCallback } from 'html-to-text';

const INDENT = '  ';

function isList(node: DomNode | undefined): boolean {
  return node?.name === 'ul' || node?.name === 'ol';
}

function hasListAncestor(node: DomNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (isList(parent)) return true;
  }
  return false;
}

/**
 * One list item a line, no bullets or numbers, nested lists indented by two spaces a level.
 * The built-in list formatters trim the prefix of nested lists, which would flatten the
 * hierarchy that tells a reader which sub-items belong to which requirement.
 * A list placed directly inside another list (not inside an <li>, as register HTML sometimes
 * has) counts as nested too.
 */
const indentedList: FormatCallback = (elem, walk, builder) => {
  const prefix = hasListAncestor(elem) ? INDENT : '';
  const items = (elem.children ?? []).filter((child) => child.type !== 'text' || /\S/.test(child.data ?? ''));
  if (items.length === 0) return;
  builder.openList({ interRowLineBreaks: 1, leadingLineBreaks: 1, maxPrefixLength: prefix.length });
  for (const item of items) {
    builder.openListItem({ prefix });
    walk([item], builder);
    builder.closeListItem();
  }
  builder.closeList({ trailingLineBreaks: 1 });
};

const blockOptions = { leadingLineBreaks: 1, trailingLineBreaks: 1 };

const convert = compile({
  wordwrap: false,
  formatters: { indentedList },
  selectors: [
    { selector: 'ul', format: 'indentedList' },
    { selector: 'ol', format: 'indentedList' },
    { selector: 'p', format: 'block', options: blockOptions },
    // Non-data tables are walked inline by default; register tables put an element and its
    // criteria in cells, so every row and cell must start a line of its own.
    { selector: 'table', format: 'block', options: blockOptions },
    { selector: 'tr', format: 'block', options: blockOptions },
    { selector: 'td', format: 'block', options: blockOptions },
    { selector: 'th', format: 'block', options: blockOptions },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
      selector,
      format: 'block',
      options: blockOptions,
    })),
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
  ],
});

// Bullet glyphs typed into the text itself rather than produced by list markup.
const LEADING_BULLET = /^[•·▪◦●○■□‣⁃]\s*/;

/** Register HTML to plain-text lines: paragraphs and list items one a line, two spaces per nesting level. */
export function htmlToLines(html: string): string[] {
  const lines: string[] = [];
  for (const raw of convert(html).split('\n')) {
    const line = raw.replace(/[\u00a0\u2007\u202f]/g, ' ').trimEnd();
    const indent = line.length - line.trimStart().length;
    const text = line.trimStart().replace(LEADING_BULLET, '').replace(/\s+/g, ' ').trim();
    if (text) lines.push(INDENT.repeat(Math.floor(indent / INDENT.length)) + text);
  }
  return lines;
}

export function htmlToPlainText(html: string): string {
  return htmlToLines(html).join('\n');
}
