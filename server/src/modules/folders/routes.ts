import type { FastifyPluginAsync } from 'fastify';
import { folderCreateSchema, folderListQuerySchema, folderPatchSchema, type FolderData, type FolderNode } from '@adhd/shared/folders/schema';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { applyChanges, baseVersionOf, prepareUpdate } from '../../lib/rest-update.js';
import { parse, parseIdParam } from '../../lib/validate.js';
import { jsonEach, sendJsonArray } from '../../lib/json-stream.js';
import { folderForest, getFolder, listFolders } from './repository.js';

/** Folder answers are wrapped in `{ data }` (SPEC section 7); POST and PUT also spread the folder at the top level. */
const wrap = (folder: FolderNode) => ({ data: folder, ...folder });

/** Folders over REST (SPEC section 7): thin wrappers over the `folder.*` mutations the sync protocol runs. */
export const folderRoutes: FastifyPluginAsync = async (app) => {
  const auth = { preHandler: app.authenticate };

  app.get('/api/folders', auth, async (request, reply) => {
    const { parent } = parse(folderListQuerySchema, request.query, 'query');
    const folders = await listFolders(app.db, request.auth!.id);
    const list = parent === undefined ? folders : folders.filter((f) => f.parentFolder === parent);
    return sendJsonArray(reply, jsonEach(list), { open: '{"data":[', close: ']}' });
  });

  // Not in the `{ data }` list of CONTRACT.md: a GET of a collection answers a bare JSON array (the roots).
  app.get('/api/folders/tree', auth, async (request, reply) => sendJsonArray(reply, jsonEach((await folderForest(app.db, request.auth!.id)).roots)));

  app.get('/api/folders/:id', auth, async (request) => {
    const folder = await getFolder(app.db, request.auth!.id, parseIdParam(request.params, 'Folder not found'));
    if (!folder) throw notFound('Folder not found');
    return { data: folder };
  });

  app.post('/api/folders', auth, async (request, reply) => {
    const { _id, ...fields } = parse(folderCreateSchema, request.body ?? {}); // no body: "Folder name is required"
    const id = _id ?? newId();
    const userId = request.auth!.id;
    const folder = await app.sync.run(
      userId,
      (exec) => exec('folder.create', { id, ...fields }).then(() => undefined),
      (trx) => getFolder(trx, userId, id),
    );
    return reply.status(201).send(wrap(folder!));
  });

  app.put('/api/folders/:id', auth, async (request) => {
    const id = parseIdParam(request.params, 'Folder not found');
    const patch = parse(folderPatchSchema, request.body ?? {});
    const base = baseVersionOf(request.body, request.headers['if-match']);
    const userId = request.auth!.id;
    const folder = await app.sync.run(
      userId,
      async (exec, trx) => {
        const { changed } = await prepareUpdate<FolderData>(trx, userId, 'folder', id, patch, base, 'Folder not found');
        // A move that would make a cycle throws CYCLE (400) and rolls the whole request back.
        await applyChanges(changed, {
          update: (fields) => exec('folder.update', { id, ...fields }),
          move: { field: 'parentFolder', run: (parentFolder) => exec('folder.move', { id, parentFolder }) },
        });
      },
      (trx) => getFolder(trx, userId, id),
    );
    return wrap(folder!);
  });

  app.delete('/api/folders/:id', auth, async (request) => {
    const id = parseIdParam(request.params, 'Folder not found');
    await app.sync.run(request.auth!.id, (exec) => exec('folder.delete', { id }).then(() => undefined), async () => null);
    return { success: true };
  });
};
