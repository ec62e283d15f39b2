import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { checkExport } from '@adhd/shared/backup/check';
import { exportFileName, exportJsonChunks, IMPORT_MAX_BYTES } from '@adhd/shared/backup/format';
import { HttpError } from '../../lib/errors.js';
import { readTransaction } from '../../lib/transaction.js';
import { importDocument } from './import.js';
import { readExportRows, toExportRow } from './repository.js';

/**
 * The user's own backup (docs/export-format.md): `GET /api/export` answers all of the caller's live data as one
 * JSON document, `POST /api/import` merges such a document back (import.ts).
 */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  const auth = { preHandler: app.authenticate };

  app.get('/api/export', auth, async (request, reply) => {
    const userId = request.auth!.id;
    // One snapshot, read at once (the SQLite connection is not held while the answer streams to the client).
    const rows = await readTransaction(app.db, app.dbKind, (trx) => readExportRows(trx, userId));
    const now = new Date().toISOString();
    const chunks = exportJsonChunks(now, (type) => {
      const list = rows.get(type) ?? [];
      rows.delete(type); // each section's rows can go once written
      return list.map(toExportRow);
    });
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(now.slice(0, 10))}"`)
      .send(Readable.from(chunks, { objectMode: false }));
  });

  app.post('/api/import', { ...auth, bodyLimit: IMPORT_MAX_BYTES }, async (request) => {
    const checked = checkExport(request.body);
    if (!checked.ok) {
      const { path, key, message } = checked.problem;
      throw new HttpError(400, 'VALIDATION', path ? `${path}: ${message}` : message, [{ field: path, key, message }]);
    }
    return importDocument(app.sync, request.auth!.id, checked.doc);
  });
};
