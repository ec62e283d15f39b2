/**
 * Split markdown into top-level blocks that can be rendered one by one: the preview renders a long note
 * progressively and re-renders only the blocks an edit changed (docs/notes.md, "Preview of long notes").
 *
 * A block ends at a blank line, except inside a fenced code block, and a block that starts indented (a list
 * item's continuation, an indented code block) stays with the block before it. Link reference definitions
 * therefore only resolve inside their own block: the one known difference from rendering the whole text.
 */
export function splitBlocks(source: string): string[] {
  const lines = source.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let pendingBlank = false;

  const flush = () => {
    if (current.length) blocks.push(current.join('\n'));
    current = [];
  };

  for (const line of lines) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      current.push(line);
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && line.trim() === fenceMatch[1]) fence = null;
      continue;
    }
    if (line.trim() === '') {
      pendingBlank = current.length > 0;
      if (pendingBlank) current.push(line);
      continue;
    }
    if (pendingBlank && !/^[ \t]/.test(line)) {
      while (current.length && current[current.length - 1]!.trim() === '') current.pop();
      flush();
    }
    pendingBlank = false;
    if (fenceMatch) fence = fenceMatch[1]!;
    current.push(line);
  }
  while (current.length && current[current.length - 1]!.trim() === '') current.pop();
  flush();
  return blocks;
}
