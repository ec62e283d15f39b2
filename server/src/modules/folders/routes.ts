import type { FastifyPluginAsync } from 'fastify';
import { folderCreateSchema, folderListQuerySchema, folderPatchSchema, type FolderData, type FolderNode } from '@adhd/shared/folders/schema';
import { registerEntityRoutes } from '../../lib/entity-routes.js';
import { jsonEach, sendJsonArray } from '../../lib/json-stream.js';
import { treeWrites } from '../../lib/tree-routes.js';
import { parse } from '../../lib/validate.js';
import { folderForest, getFolder, listFolders } from './repository.js';

/** Folders over REST (SPEC section 7): the entity kit over the `folder.*` mutations, plus the tree. */
export const folderRoutes: FastifyPluginAsync = async (app) => {
  registerEntityRoutes(app, {
    path: '/api/folders',
    list: async (db, userId, request) => {
      const { parent } = parse(folderListQuerySchema, request.query, 'query');
      const folders = await listFolders(db, userId);
      return jsonEach(parent === undefined ? folders : folders.filter((f) => f.parentFolder === parent));
    },
    // Folder answers are wrapped in `{ data }` (CONTRACT.md); POST and PUT also spread the folder at the top level.
    listWrap: { open: '{"data":[', close: ']}' },
    answer: { get: (folder: FolderNode) => ({ data: folder }), write: (folder: FolderNode) => ({ data: folder, ...folder }) },
    schemas: { create: folderCreateSchema, patch: folderPatchSchema },
    read: getFolder,
    ...treeWrites<FolderData, 'parentFolder'>('folder', 'parentFolder', 'Folder not found'),
  });

  // Not in the `{ data }` list of CONTRACT.md: a GET of a collection answers a bare JSON array (the roots).
  app.get('/api/folders/tree', { preHandler: app.authenticate }, async (request, reply) =>
    sendJsonArray(reply, jsonEach((await folderForest(app.db, request.auth!.id)).roots)),
  );
};
