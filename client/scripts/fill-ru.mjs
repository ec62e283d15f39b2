// Fills the Russian msgstr of one feature's messages in src/locales/ru/messages.po from that feature's
// i18n/ru.json, touching only entries referenced from the feature's files (`ours`), so other features'
// concurrent edits of the same catalog are left alone. Entries only the feature uses take its wording; entries
// shared with other features are only filled when empty. Obsolete (#~) entries that only the feature's files
// referenced are dropped from both catalogs. Run after `npx lingui extract`, from client/:
//   node src/features/<feature>/i18n/fill-ru.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const locales = path.resolve(import.meta.dirname, '../src/locales');
const esc = (s) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
const unesc = (s) => s.replace(/\\(.)/g, '$1');

/** `ours`: path prefixes (relative to client/) of the feature's files; `ruJson`: its translations. */
export function fillRussian({ ours, ruJson }) {
  const catalog = path.join(locales, 'ru/messages.po');
  const ru = JSON.parse(readFileSync(ruJson, 'utf8'));
  const isOurs = (block) => {
    const refs = [...block.matchAll(/^#: (.*)$/gm)].flatMap((m) => m[1].split(' '));
    return refs.length > 0 && refs.every((r) => ours.some((o) => r.startsWith(o)));
  };
  const obsolete = (block) => /^#~ msgid /m.test(block);
  const en = path.join(locales, 'en/messages.po');
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
}
