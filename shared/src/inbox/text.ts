/**
 * The longest title an item's first line gives a converted entity: the shortest title limit of the targets
 * (a habit's, 200), so one cut fits every dialog.
 */
export const INBOX_TITLE_MAX = 200;

/**
 * An item's text split for conversion: `title` is the first non-empty line, trimmed, and `rest` the lines after
 * it, trimmed. A first line longer than `max` is cut (at a word boundary when there is one, with an ellipsis) and
 * `rest` then holds the whole text, so no word of the thought is lost.
 */
export function splitInboxText(text: string, max = INBOX_TITLE_MAX): { title: string; rest: string } {
  const lines = text.split(/\r\n|\r|\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) return { title: '', rest: '' };
  const line = lines[first]!.trim();
  const rest = lines.slice(first + 1).join('\n').trim();
  if (line.length <= max) return { title: line, rest };
  let cut = line.slice(0, max - 1);
  // Never end on half of a surrogate pair (an emoji cut in two).
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  const title = `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
  return { title, rest: text.trim() };
}
