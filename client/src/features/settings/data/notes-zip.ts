import type { AppDatabase } from '../../../db/database';
import { liveRows, localDate } from './export-data';

/**
 * The notes as a Markdown zip (docs/export-format.md): folders as directories, each note `<title>.md` with YAML
 * front matter (title, tags by name, created, updated, pinned) and its content as the body. fflate and yaml are
 * imported on demand, so they stay out of the app's first load.
 */

const MAX_NAME = 100;

/**
 * A file or directory name every file system takes: no separators, reserved or control characters, no leading
 * dot, no trailing dot or space, no device name, at most MAX_NAME characters.
 */
export function safeName(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, ' ') // eslint-disable-line no-control-regex
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .trimStart();
  let short = [...cleaned].slice(0, MAX_NAME).join('');
  // Windows drops trailing dots and spaces (cut by hand: a `[. ]+$` pattern backtracks on long runs).
  let end = short.length;
  while (end > 0 && (short[end - 1] === '.' || short[end - 1] === ' ')) end--;
  short = short.slice(0, end);
  // Names Windows keeps for devices.
  if (/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(short)) short += '_';
  return short || 'Untitled';
}

/** Names unique within one directory, ignoring case: `Plan`, `Plan (2)`, … */
class NameSet {
  private readonly taken = new Set<string>();
  claim(base: string, ext = ''): string {
    for (let n = 1; ; n++) {
      const name = `${base}${n > 1 ? ` (${n})` : ''}${ext}`;
      if (!this.taken.has(name.toLowerCase())) {
        this.taken.add(name.toLowerCase());
        return name;
      }
    }
  }
}

interface FolderData {
  name?: unknown;
  parentFolder?: unknown;
}

/** The zip's files (path → text) for the notes and folders of `db`; directories end with `/`. */
export async function notesZipEntries(db: AppDatabase): Promise<Map<string, string>> {
  const { stringify } = await import('yaml');
  const [notes, folders, tags] = await Promise.all([liveRows(db, 'note'), liveRows(db, 'folder'), liveRows(db, 'tag')]);
  const tagName = new Map(tags.map((t) => [t.id, String(t.data.name ?? '')]));
  const folderById = new Map(folders.map((f) => [f.id, f.data as FolderData]));
  const names = new Map<string, NameSet>(); // per directory path ('' is the top)
  const namesIn = (dir: string) => names.get(dir) ?? names.set(dir, new NameSet()).get(dir)!;
  const dirOf = new Map<string, string>();

  /** A folder's directory path (`Projects/Side/`), its parents first; a cycle or a missing parent ends at the top. */
  const dirPath = (id: string, seen = new Set<string>()): string => {
    const known = dirOf.get(id);
    if (known !== undefined) return known;
    const folder = folderById.get(id);
    if (!folder || seen.has(id)) return '';
    seen.add(id);
    const parent = typeof folder.parentFolder === 'string' ? dirPath(folder.parentFolder, seen) : '';
    const path = `${parent}${namesIn(parent).claim(safeName(String(folder.name ?? '')))}/`;
    dirOf.set(id, path);
    return path;
  };

  const entries = new Map<string, string>();
  for (const f of folders) entries.set(dirPath(f.id), '');
  for (const note of notes) {
    const d = note.data;
    const dir = typeof d.folder === 'string' && folderById.has(d.folder) ? dirPath(d.folder) : '';
    const file = namesIn(dir).claim(safeName(String(d.title ?? '')), '.md');
    const noteTags = (Array.isArray(d.tags) ? d.tags : []).flatMap((id) => (tagName.has(String(id)) ? [tagName.get(String(id))!] : []));
    const front = stringify({ title: String(d.title ?? ''), tags: noteTags, created: note.createdAt, updated: note.updatedAt, pinned: d.pinned === true });
    entries.set(`${dir}${file}`, `---\n${front}---\n${String(d.content ?? '')}`);
  }
  return entries;
}

/** The zip file of the notes and its name. */
export async function buildNotesZip(db: AppDatabase, now = new Date()): Promise<{ blob: Blob; name: string }> {
  const [{ zipSync, strToU8 }, entries] = await Promise.all([import('fflate'), notesZipEntries(db)]);
  const files: Record<string, Uint8Array> = {};
  for (const [path, text] of entries) files[path] = strToU8(text);
  const zipped = zipSync(files, { level: 6 });
  return { blob: new Blob([zipped as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), name: `adhd-superapp-notes-${localDate(now)}.zip` };
}
