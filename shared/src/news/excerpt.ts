/**
 * A news item's text without its Markdown, for the page description (server, `newsPageMeta`) and the list
 * cards (client). Not a Markdown parser: it drops the common marks, keeps link texts, and drops images, raw
 * HTML and code blocks. Every pattern is bounded, so it runs in linear time on any text.
 */
export function plainText(markdown: string, maxInput = 20_000): string {
  return markdown
    .slice(0, maxInput)
    .replace(/```[^]*?(```|$)/g, ' ')
    .replace(/<[^<>]{0,500}>/g, ' ')
    .replace(/!\[[^[\]]{0,500}\]\([^()]{0,2000}\)/g, ' ')
    .replace(/\[([^[\]]{0,500})\]\([^()]{0,2000}\)/g, '$1')
    // A table's delimiter row goes, its cells' bars become spaces.
    .replace(/^[ \t:|]{0,500}-[ \t:|-]{0,500}$/gm, ' ')
    .replace(/\|/g, ' ')
    // A heading reads as a sentence of its own: 'Title. Text', not 'Title Text'.
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+([^\n]*)$/gm, (_, line: string) => sentence(line))
    .replace(/^[ \t]{0,3}(>|[-*+]|\d{1,9}[.)])[ \t]+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A heading's text without its closing #s, ended with a full stop unless it has its own mark. */
function sentence(line: string): string {
  let end = line.length;
  while (end > 0 && ' \t#'.includes(line[end - 1]!)) end--;
  const text = line.slice(0, end);
  return !text || '.!?:…'.includes(text[text.length - 1]!) ? `${text}\n` : `${text}.\n`;
}

/** The first `max` characters of `text`, cut at a word and ended with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
