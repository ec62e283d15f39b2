/**
 * `[label](url)` and `![label](url)` replaced by their label, in one pass: the label ends at the first `]`, which
 * must be followed by `(`, and the url at the next `)`. This is what `/!?\[([^\]]*)\]\([^)]*\)/g` answered,
 * without its rescan to the end of the text from every `[` that has no `](…)` after it (quadratic on `[[[[…`).
 */
function linksAsLabels(text: string): string {
  let out = '';
  let done = 0; // text before this index is in `out`
  let from = 0; // where to look for the next `[`
  for (;;) {
    const open = text.indexOf('[', from);
    if (open === -1) break;
    const close = text.indexOf(']', open + 1);
    if (close === -1) break; // no later `[` has a `]` after it either
    if (text[close + 1] !== '(') {
      from = close + 1; // every `[` before `close` ends its label at `close` too
      continue;
    }
    const end = text.indexOf(')', close + 2);
    if (end === -1) break; // no later link can end either
    const start = open > done && text[open - 1] === '!' ? open - 1 : open;
    out += text.slice(done, start) + text.slice(open + 1, close);
    done = from = end + 1;
  }
  return out + text.slice(done);
}

/**
 * Plain-text excerpt of a body: markdown marks stripped roughly, first 180 characters. The patterns run on what
 * the user typed, so none may backtrack (issue 12, point 1): a line's leading blanks are the blanks that do not
 * end the line (`[^\S\n\r\u2028\u2029]`), so a long run of empty lines is not rescanned from each of its lines.
 */
export function excerpt(content: string): string {
  return linksAsLabels(content.slice(0, 600).replace(/```[\s\S]*?(```|$)/g, ' '))
    .replace(/^[^\S\n\r\u2028\u2029]*([-*+]|\d+\.)\s+(\[[ xX]\]\s+)?/gm, '')
    .replace(/^[^\S\n\r\u2028\u2029]*(#{1,6}|>)\s*/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/^-{3,}$/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 180);
}
