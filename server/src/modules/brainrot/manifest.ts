import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import type { FastifyBaseLogger } from 'fastify';

/** `{ category: { filename: durationSeconds } }` (SPEC section 3, "Video manifest"). */
export type BrainrotManifest = Record<string, Record<string, number>>;

/**
 * One path segment under BRAINROT_DIR: letters, digits, '.', '_' and '-', starting with a letter or digit, at most
 * 128 characters. No separators, so a name can never leave its folder; the same rule guards the file route.
 */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const isVideoName = (name: string) => SAFE_NAME.test(name) && name.endsWith('.mp4');

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * music-metadata reports a duration from an MP4's sound track; a silent video (many stock clips) has none there,
 * so its movie header (`moov/mvhd`: timescale and duration) is read directly, walking only the top-level boxes.
 */
async function movieHeaderSeconds(file: string): Promise<number | undefined> {
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const header = Buffer.alloc(16);
    let offset = 0;
    let end = size;
    while (offset + 8 <= end) {
      await handle.read(header, 0, 16, offset);
      let length = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerLength = 8;
      if (length === 1) {
        length = Number(header.readBigUInt64BE(8));
        headerLength = 16;
      } else if (length === 0) length = end - offset;
      if (length < headerLength) return undefined;
      if (type === 'moov') {
        // Step into moov: its children follow its header.
        end = offset + length;
        offset += headerLength;
        continue;
      }
      if (type === 'mvhd') {
        const body = Buffer.alloc(32);
        await handle.read(body, 0, 32, offset + headerLength);
        const version = body.readUInt8(0);
        const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
        const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
        return timescale > 0 && duration > 0 ? duration / timescale : undefined;
      }
      offset += length;
    }
    return undefined;
  } finally {
    await handle.close();
  }
}

/** A file's duration in seconds (0.1 s), or undefined when it is not a readable MP4. */
export async function videoDuration(file: string): Promise<number | undefined> {
  const { format } = await parseFile(file, { duration: true, skipCovers: true });
  const seconds = format.duration ?? (await movieHeaderSeconds(file));
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? round(seconds) : undefined;
}

interface CategoryCache {
  mtimeMs: number;
  /** The folder's video names when it was scanned, joined. */
  names: string;
  videos: Record<string, number>;
}

/**
 * The manifest of a folder, cached in memory. Each call lists the root and every category (names only) and
 * compares each category's mtime and video names with the last scan, rescanning only what changed; a file already
 * measured keeps its duration while its size and mtime stay the same. A missing folder is an empty manifest.
 */
export function manifestReader(root: string, log: FastifyBaseLogger) {
  const categories = new Map<string, CategoryCache>();
  /** `name|size|mtimeMs` → duration, or null for a file that could not be read (not retried until it changes). */
  const durations = new Map<string, number | null>();
  let inFlight: Promise<BrainrotManifest> | null = null;

  const statOrNull = (p: string) => stat(p).catch(() => null);

  async function scanCategory(dir: string, category: string, names: string[]): Promise<Record<string, number>> {
    const videos: Record<string, number> = {};
    const seen = new Set<string>();
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await statOrNull(file);
      if (!info?.isFile()) continue;
      const key = `${category}/${name}|${info.size}|${info.mtimeMs}`;
      seen.add(key);
      if (!durations.has(key)) {
        let seconds: number | undefined;
        let reason = 'no duration';
        try {
          seconds = await videoDuration(file);
        } catch (err) {
          reason = (err as Error).message;
        }
        durations.set(key, seconds ?? null);
        if (seconds === undefined) log.warn({ event: 'brainrot_unreadable', file: `${category}/${name}`, reason }, 'brainrot video skipped: cannot read its duration');
      }
      const seconds = durations.get(key);
      if (typeof seconds === 'number') videos[name] = seconds;
    }
    for (const key of durations.keys()) if (key.startsWith(`${category}/`) && !seen.has(key)) durations.delete(key);
    return videos;
  }

  async function build(): Promise<BrainrotManifest> {
    const entries = await readdir(root).catch(() => null);
    if (!entries) {
      categories.clear();
      durations.clear();
      return {};
    }
    const manifest: BrainrotManifest = {};
    const present = new Set<string>();
    for (const category of entries.filter((n) => SAFE_NAME.test(n)).sort()) {
      const dir = path.join(root, category);
      const info = await statOrNull(dir);
      if (!info?.isDirectory()) continue;
      present.add(category);
      const names = (await readdir(dir).catch(() => [] as string[])).filter(isVideoName).sort();
      let cached = categories.get(category);
      // The name list too: on a file system with coarse mtimes a quick add could keep the folder's mtime.
      if (!cached || cached.mtimeMs !== info.mtimeMs || cached.names !== names.join('/')) {
        cached = { mtimeMs: info.mtimeMs, names: names.join('/'), videos: await scanCategory(dir, category, names) };
        categories.set(category, cached);
      }
      if (Object.keys(cached.videos).length) manifest[category] = { ...cached.videos };
    }
    for (const name of [...categories.keys()]) if (!present.has(name)) categories.delete(name);
    return manifest;
  }

  return {
    /** The current manifest; concurrent callers share one scan. */
    read(): Promise<BrainrotManifest> {
      inFlight ??= build().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
