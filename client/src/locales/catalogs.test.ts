import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every message exists in Russian: a missing translation fails the build (issue: "a test fails..."). */
function entries(locale: string): Map<string, string> {
  const text = readFileSync(path.join(import.meta.dirname, locale, 'messages.po'), 'utf8');
  const map = new Map<string, string>();
  const re = /^msgid "((?:[^"\\]|\\.)*)"\s*\n((?:"(?:[^"\\]|\\.)*"\s*\n)*)msgstr "((?:[^"\\]|\\.)*)"\s*\n((?:"(?:[^"\\]|\\.)*"\s*\n)*)/gm;
  for (const m of text.matchAll(re)) {
    const join = (first: string, rest: string) => first + [...rest.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => x[1]).join('');
    const id = join(m[1]!, m[2] ?? '');
    if (id === '') continue; // the header
    map.set(id, join(m[3]!, m[4] ?? ''));
  }
  return map;
}

describe('translations', () => {
  const en = entries('en');
  const ru = entries('ru');

  it('has messages', () => {
    expect(en.size).toBeGreaterThan(10);
  });

  it('has the same messages in en and ru', () => {
    expect([...ru.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('translates every message into Russian', () => {
    const missing = [...ru].filter(([, str]) => str.trim() === '').map(([id]) => id);
    expect(missing).toEqual([]);
  });

  it('keeps the placeholders of each message', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();
    for (const [id, str] of ru) {
      if (str) expect(placeholders(str), id).toEqual(placeholders(id));
    }
  });
});
