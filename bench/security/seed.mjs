// The security suite's data, written on a server with the write rate limit lifted: users with sessions, 20k
// tasks holding 20 tags, and 12 notes of 450 KB.
import { performance } from 'node:perf_hooks';
import { newId, rng, tagIdsFor, taskFields } from '../lib.mjs';
import { userInserter, withTokens } from '../harness.mjs';
import { pushOk } from './common.mjs';
import { NOTES, NOTE_BYTES, TAG_COUNT, TAG_USER_TASKS } from './settings.mjs';

export async function seed(app, db, say) {
  const add = userInserter(db);
  const users = await withTokens(app, [
    add(`sec-s1-${newId()}@example.com`),
    add(`sec-tags-${newId()}@example.com`),
    add(`sec-notes-${newId()}@example.com`),
    add(`sec-push-${newId()}@example.com`),
    add(`sec-malformed-${newId()}@example.com`),
  ]);
  const [, tagUser, notesUser] = users;
  const t0 = performance.now();
  const tagIds = tagIdsFor(TAG_COUNT);
  const tagClient = `seed-tags-${newId()}`;
  await pushOk(app.port, tagUser, tagClient, tagIds.map((id, i) => ({ name: 'tag.create', args: { id, name: `Tag ${i}` } })), 1);
  let next = TAG_COUNT + 1;
  const rand = rng(200);
  for (let done = 0; done < TAG_USER_TASKS; done += 1000) {
    const ms = Array.from({ length: 1000 }, () => ({ name: 'task.create', args: { id: newId(), ...taskFields(rand, tagIds) } }));
    await pushOk(app.port, tagUser, tagClient, ms, next);
    next += ms.length;
  }
  const held = db
    .prepare("SELECT count(*) AS n FROM entities WHERE user_id = ? AND type = 'task' AND deleted = 0 AND json_array_length(data, '$.tags') > 0")
    .get(tagUser.id).n;
  const noteClient = `seed-notes-${newId()}`;
  const text = 'Meeting notes and a long draft of the quarterly report. '.repeat(Math.ceil(NOTE_BYTES / 56)).slice(0, NOTE_BYTES);
  for (let i = 0; i < NOTES; i++) {
    await pushOk(app.port, notesUser, noteClient, [{ name: 'note.create', args: { id: newId(), title: `Long note ${i}`, content: text } }], i + 1);
  }
  say(
    `security: seeded ${TAG_USER_TASKS.toLocaleString('en')} tasks (${held.toLocaleString('en')} holding some of ${TAG_COUNT} tags) and ` +
      `${NOTES} notes of ${NOTE_BYTES / 1024} KB through push in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { users, tagIds };
}
