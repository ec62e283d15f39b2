/**
 * Video mode's choice of the next video (SPEC sections 3, 4 and 9): the manifest's shape, the category display
 * names, and the weighted random pick. Pure: the random source is injected so tests can drive it.
 */

/** `{ category: { filename: durationSeconds } }`, as `GET /api/brainrot/manifest` answers. */
export type VideoManifest = Record<string, Record<string, number>>;

export interface VideoPick {
  category: string;
  file: string;
}

/** How many draws may try to avoid repeating the current video (SPEC section 9, "Video pick retries"). */
export const PICK_ATTEMPTS = 10;

const DISPLAY_NAMES: Record<string, string> = {
  'oddlysatisfying-tg': '@oddlysatisfying',
  tiktok: 'TikTok',
  pexels: 'Pexels',
};

/** oddlysatisfying-tg → '@oddlysatisfying', tiktok → 'TikTok', pexels → 'Pexels', otherwise the raw name. */
export function categoryDisplayName(category: string): string {
  return Object.hasOwn(DISPLAY_NAMES, category) ? DISPLAY_NAMES[category]! : category;
}

/** The URL a video is served from (`GET /brainrot/{category}/{file}`). */
export const videoUrl = (pick: VideoPick) => `/brainrot/${encodeURIComponent(pick.category)}/${encodeURIComponent(pick.file)}`;

/** Videos per category, in the manifest's order, leaving out empty ones. */
export function categoryCounts(manifest: VideoManifest): { category: string; count: number }[] {
  return Object.entries(manifest)
    .map(([category, files]) => ({ category, count: Object.keys(files ?? {}).length }))
    .filter((c) => c.count > 0);
}

/**
 * One draw: a category weighted by its number of videos (which makes every video equally likely), then a video
 * of it. `random()` answers in [0, 1) like `Math.random`.
 */
function drawOnce(manifest: VideoManifest, random: () => number): VideoPick | null {
  const counts = categoryCounts(manifest);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return null;
  let ticket = Math.min(Math.floor(random() * total), total - 1);
  let category = counts[counts.length - 1]!.category;
  for (const c of counts) {
    if (ticket < c.count) {
      category = c.category;
      break;
    }
    ticket -= c.count;
  }
  const files = Object.keys(manifest[category]!);
  const file = files[Math.min(Math.floor(random() * files.length), files.length - 1)]!;
  return { category, file };
}

/**
 * A random video, drawing up to `PICK_ATTEMPTS` times to avoid `current`; after that the last draw stands (a
 * manifest with one video repeats it). Null when the manifest has no videos.
 */
export function pickVideo(manifest: VideoManifest, current: VideoPick | null, random: () => number = Math.random): VideoPick | null {
  let pick: VideoPick | null = null;
  for (let attempt = 0; attempt < PICK_ATTEMPTS; attempt++) {
    pick = drawOnce(manifest, random);
    if (!pick || !current || pick.category !== current.category || pick.file !== current.file) return pick;
  }
  return pick;
}
