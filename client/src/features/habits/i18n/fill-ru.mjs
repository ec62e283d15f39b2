// Fills the Russian msgstr of the habits feature's messages in
// src/locales/ru/messages.po, touching only entries that are empty and referenced from our files, so other
// features' concurrent edits of the same catalog are left alone. Obsolete (#~) entries that only our files
// referenced are dropped from both catalogs. Run after `npx lingui extract`:
//   node src/features/habits/i18n/fill-ru.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const catalog = path.resolve(here, '../../../locales/ru/messages.po');
const ours = ['src/features/habits/'];
const ru = JSON.parse(readFileSync(path.join(here, 'ru.json'), 'utf8'));
const esc = (s) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
const unesc = (s) => s.replace(/\\(.)/g, '$1');

const isOurs = (block) => {
  const refs = [...block.matchAll(/^#: (.*)$/gm)].flatMap((m) => m[1].split(' '));
  return refs.length > 0 && refs.every((r) => ours.some((o) => r.startsWith(o)));
};
const obsolete = (block) => /^#~ msgid /m.test(block);
const en = path.resolve(here, '../../../locales/en/messages.po');
const enBlocks = readFileSync(en, 'utf8').split('\n\n');
writeFileSync(en, enBlocks.filter((b) => !(obsolete(b) && isOurs(b))).join('\n\n'));

const blocks = readFileSync(catalog, 'utf8')
  .split('\n\n')
  .filter((b) => !(obsolete(b) && isOurs(b)));
let filled = 0;
const missing = [];
const out = blocks.map((block) => {
  const refs = [...block.matchAll(/^#: (.*)$/gm)].flatMap((m) => m[1].split(' '));
  if (!refs.some((r) => ours.some((o) => r.startsWith(o)))) return block;
  const m = /^msgid "((?:[^"\\]|\\.)*)"\n((?:"(?:[^"\\]|\\.)*"\n)*)msgstr "((?:[^"\\]|\\.)*)"$/m.exec(block);
  if (!m) return block;
  const id = unesc(m[1] + [...m[2].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => x[1]).join(''));
  // Entries only we use take our wording; entries shared with other features are only filled when empty.
  if (m[3] !== '' && !isOurs(block)) return block;
  if (!(id in ru)) {
    if (m[3] === '') missing.push(id);
    return block;
  }
  if (unesc(m[3]) === ru[id]) return block;
  filled++;
  return block.replace(/^msgstr "(?:[^"\\]|\\.)*"$/m, `msgstr "${esc(ru[id])}"`);
});
writeFileSync(catalog, out.join('\n\n'));
console.log(`filled ${filled}`);
if (missing.length) {
  console.log('no translation for:', missing);
  process.exitCode = 1;
}
