import type { FastifyPluginAsync } from 'fastify';
import { conflictCopyId, contentHash } from '@adhd/shared/notes/logic';
import { noteCreateSchema, noteListQuerySchema, notePutSchema, type NoteData } from '@adhd/shared/notes/schema';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { baseVersionOf, definedFields, isEmpty, prepareUpdate, readStored } from '../../lib/rest-update.js';
import { parse, parseIdParam } from '../../lib/validate.js';
import { jsonEach, sendJsonArray } from '../../lib/json-stream.js';
import { getNote, noteJsons, searchNotes } from './repository.js';

/** Notes over REST (SPEC section 7): thin wrappers over the `note.*` mutations the sync protocol runs. */
export const noteRoutes: FastifyPluginAsync = async (app) => {
  const auth = { preHandler: app.authenticate };

  app.get('/api/notes', auth, async (request, reply) => {
    const { q, folder } = parse(noteListQuerySchema, request.query, 'query');
    const userId = request.auth!.id;
    if (q?.trim()) {
      const found = await searchNotes(app.db, userId, q);
      return sendJsonArray(reply, jsonEach(folder === undefined ? found : found.filter((n) => n.folder === folder)));
    }
    return sendJsonArray(reply, noteJsons(app.db, userId, folder === undefined ? {} : { folder }));
  });

  app.get('/api/notes/pinned', auth, async (request, reply) => sendJsonArray(reply, noteJsons(app.db, request.auth!.id, { pinned: true })));

  app.get('/api/notes/:id', auth, async (request) => {
    const note = await getNote(app.db, request.auth!.id, parseIdParam(request.params, 'Note not found'));
    if (!note) throw notFound('Note not found');
    return note;
  });

  app.post('/api/notes', auth, async (request, reply) => {
    const { _id, ...fields } = parse(noteCreateSchema, request.body ?? {}); // no body: "Title is required", not a bodiless 400
    const id = _id ?? newId();
    const userId = request.auth!.id;
    const note = await app.sync.run(
      userId,
      (exec) => exec('note.create', { id, ...fields }).then(() => undefined),
      (trx) => getNote(trx, userId, id),
    );
    return reply.status(201).send(note);
  });

  app.put('/api/notes/:id', auth, async (request) => {
    const id = parseIdParam(request.params, 'Note not found');
    const { baseHash, ...patch } = parse(notePutSchema, request.body ?? {});
    const base = baseVersionOf(request.body, request.headers['if-match']);
    const userId = request.auth!.id;
    return app.sync.run(
      userId,
      async (exec, trx) => {
        // Tombstones are read too: an edit of the title or body restores a deleted note (note.update); any
        // other edit of one is refused there with NOT_FOUND.
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
      },
      (trx) => getNote(trx, userId, id),
    );
  });

  app.delete('/api/notes/:id', auth, async (request) => {
    const id = parseIdParam(request.params, 'Note not found');
    await app.sync.run(request.auth!.id, (exec) => exec('note.delete', { id }).then(() => undefined), async () => null);
    return { success: true };
  });
};
