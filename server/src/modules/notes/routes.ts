import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod/mini';
import { conflictCopyId, contentHash } from '@adhd/shared/notes/logic';
import { noteCreateSchema, noteListQuerySchema, notePutSchema, type NoteData } from '@adhd/shared/notes/schema';
import { notFound } from '../../lib/errors.js';
import { registerEntityRoutes, type WriteContext } from '../../lib/entity-routes.js';
import { definedFields, isEmpty, prepareUpdate, readStored } from '../../lib/rest-update.js';
import { parse } from '../../lib/validate.js';
import { jsonEach, sendJsonArray } from '../../lib/json-stream.js';
import { getNote, noteJsons, searchNotes } from './repository.js';

/**
 * The PUT of a note (docs/sync.md, "Conflict rules"). Tombstones are read too: an edit of the title or body
 * restores a deleted note (note.update); any other edit of one is refused there with NOT_FOUND.
 */
async function updateNote({ exec, trx, userId }: WriteContext, id: string, { baseHash, ...patch }: z.output<typeof notePutSchema>, base: number | null) {
  const plan = await prepareUpdate<NoteData>(trx, userId, 'note', id, patch, base, 'Note not found', { allowDeleted: true });
  const { stored } = plan;
  // A deleted note comes back with the caller's words, whatever was written before the delete.
  const changed = stored.deleted ? { ...plan.kept, ...plan.changed } : plan.changed;
  const lost = stored.deleted ? undefined : plan.kept.content;
  if (lost !== undefined && !(baseHash && contentHash(lost) === baseHash)) {
    // The body changed on both sides since the base: the newer stored text stays in the note and the
    // caller's text is kept as a conflicted copy (once: its id is derived from both texts).
    const copyId = conflictCopyId(id, lost, stored.data.content);
    if (!(await readStored(trx, userId, 'note', copyId))) {
      const { conflictOf: _, ...fields } = { ...stored.data, ...definedFields(patch) };
      await exec('note.create', { ...fields, id: copyId, content: lost, pinned: false, conflictOf: id });
    }
  }
  if (!isEmpty(changed)) await exec('note.update', { id, ...changed, ...(baseHash ? { baseHash } : {}) });
  else if (stored.deleted) throw notFound('Note not found');
}

/** Notes over REST (SPEC section 7): the entity kit over the `note.*` mutations, plus search and the pinned list. */
export const noteRoutes: FastifyPluginAsync = async (app) => {
  registerEntityRoutes(app, {
    path: '/api/notes',
    list: async (db, userId, request) => {
      const { q, folder } = parse(noteListQuerySchema, request.query, 'query');
      if (!q?.trim()) return noteJsons(db, userId, folder === undefined ? {} : { folder });
      const found = await searchNotes(db, userId, q);
      return jsonEach(folder === undefined ? found : found.filter((n) => n.folder === folder));
    },
    notFound: 'Note not found',
    schemas: { create: noteCreateSchema, patch: notePutSchema },
    read: getNote,
    create: ({ exec }, id, fields) => exec('note.create', { id, ...fields }),
    update: updateNote,
    remove: 'note.delete',
  });

  app.get('/api/notes/pinned', { preHandler: app.authenticate }, async (request, reply) =>
    sendJsonArray(reply, noteJsons(app.db, request.auth!.id, { pinned: true })),
  );
};
