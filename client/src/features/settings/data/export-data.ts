import { EXPORT_SECTIONS, exportFileName, exportJsonChunks, type ExportRow } from '@adhd/shared/backup/format';
import type { EntityType } from '@adhd/shared/sync/protocol';
import type { AppDatabase, LocalRow } from '../../../db/database';

/**
 * The export document (docs/export-format.md) built from this device's database: what the user sees (pending
 * local changes included), in the same shape as `GET /api/export` (the shared writer), without the network.
 */

/** The live rows of a type, sorted by id, as the export writer takes them. */
export async function liveRows(db: AppDatabase, type: EntityType): Promise<ExportRow[]> {
  const rows: LocalRow[] = await db.table_(type).toArray();
  return rows
    .filter((r) => !r.deleted)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((r) => ({ id: r.id, data: r.data, createdAt: r.createdAt, updatedAt: r.updatedAt }));
}

/** Progress of a long job: `done` of `total` steps. */
export type Progress = (done: number, total: number) => void;

/** The export as a JSON file (a Blob of the writer's pieces, never one string) and its file name. */
export async function buildExportFile(db: AppDatabase, onProgress?: Progress, now = new Date()): Promise<{ blob: Blob; name: string }> {
  const rows = new Map<EntityType, ExportRow[]>();
  for (const [, type] of EXPORT_SECTIONS) rows.set(type, await liveRows(db, type));
  const total = [...rows.values()].reduce((n, list) => n + list.length, 0);
  let done = 0;
  const pieces: string[] = [];
  for await (const piece of exportJsonChunks(now.toISOString(), (type) => rows.get(type) ?? [], () => {
    if (++done % 500 === 0) onProgress?.(done, total);
  })) {
    pieces.push(piece);
  }
  onProgress?.(total, total);
  return { blob: new Blob(pieces, { type: 'application/json' }), name: exportFileName(localDate(now)) };
}

/** `YYYY-MM-DD` of the device's calendar day (the file is named after the day the user made it). */
export function localDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Offer a file for download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
