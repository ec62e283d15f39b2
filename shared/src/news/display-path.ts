/**
 * News display paths (issue 18): `displayPath` is lowercase a-z, 0-9 and dashes. When the admin leaves it empty,
 * the server makes one from the title: Cyrillic is transliterated to Latin (a small hand table, close to the
 * common passport style), anything else that is not a letter or digit becomes a dash.
 */

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u',
};

/** Longest generated path (room left for a `-99` suffix under the 120 limit). */
export const SLUG_MAX = 80;

/** The display path a title gives: `"Привет, мир!"` → `privet-mir`; `news` when nothing is left. */
export function slugify(title: string): string {
  let out = '';
  for (const ch of title.toLowerCase()) {
    if (out.length > SLUG_MAX * 2) break;
    const cyr = CYRILLIC[ch];
    if (cyr !== undefined) {
      out += cyr;
      continue;
    }
    // Latin letters with accents lose them (é → e); anything else becomes a dash.
    const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += /^[a-z0-9]+$/.test(base) ? base : '-';
  }
  const slug = out.replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, SLUG_MAX).replace(/-$/, '');
  return slug || 'news';
}

/** `base`, then `base-2`, `base-3`, … : the first candidate `taken` does not hold. */
export function uniquePath(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
