import type { ExportRow } from '@adhd/shared/backup/format';
import { EXPORT_SECTIONS } from '@adhd/shared/backup/format';
import type { EntityType } from '@adhd/shared/sync/protocol';
import { listLive, type Db, type ReadRow } from '../sync/repository.js';

/** The reads of the user's export: every live row of the exported types, by id, as one snapshot. */

export type ExportRows = Map<EntityType, ReadRow[]>;

/**
 * The live rows of every exported type, read in one snapshot (`trx` is a read transaction), so the references
 * between sections hold. The rows keep their stored JSON text until the export is written.
 */
export async function readExportRows(trx: Db, userId: string): Promise<ExportRows> {
  const out: ExportRows = new Map();
  for (const [, type] of EXPORT_SECTIONS) out.set(type, await listLive(trx, userId, type));
  return out;
}

/** A stored row as the export writer takes it. */
export const toExportRow = (r: ReadRow): ExportRow => ({
  id: r.id,
  data: JSON.parse(r.data) as Record<string, unknown>,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
