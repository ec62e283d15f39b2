/**
 * Old names of the server test kit, kept only so that tests written against them on parallel branches (issue 13:
 * server/src/lib/entity-routes.test.ts and modules/sync/hooks.test.ts of part H1) still run after the merge.
 * New tests use kit.ts (`useServerTest()`); delete this file once nothing imports it.
 */
export { makeTestApp as makeApp, seedUser, type SeededUser, type TestApp as Fixture } from './kit.js';
