import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12, point 1: no pattern in `shared/` or in the client (`client/src`, which runs patterns on what the
 * user types and on note bodies) backtracks. Every regular expression literal in their sources is
 * found by parsing them (a new pattern is covered without being listed) and fuzzed with fast-check using the
 * shape of a ReDoS attack: a prefix the pattern accepts, one short piece repeated thousands of times, then a
 * character that spoils the match. A linear pattern answers such a string in well under a millisecond; one with
 * overlapping quantifiers needs hundreds (the old email and time patterns are kept below to prove the fuzz
 * finds them).
 */

/** The source trees scanned, each named by its path in the repository. */
const ROOTS: [string, URL][] = [
  ['shared/src', new URL('../', import.meta.url)],
  ['client/src', new URL('../../../client/src/', import.meta.url)],
];
/** Far above what a linear scan of PUMP_MAX characters costs, far below what a quadratic one costs. */
const BOUND_MS = 20;
const PUMP_MAX = 12_000;
const RUNS = 1_000;

interface Found {
  where: string;
  re: RegExp;
}

function sourceFiles(dir: URL): URL[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return sourceFiles(new URL(`${e.name}/`, dir));
    return /\.tsx?$/.test(e.name) && !/\.(test\.tsx?|d\.ts)$/.test(e.name) ? [new URL(e.name, dir)] : [];
  });
}

/** The regex literals of a file, and the places that build a RegExp at run time (which no test could check). */
function scan(root: string, dir: URL, file: URL): { found: Found[]; dynamic: string[] } {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file.pathname, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const dynamic: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    return `${root}/${file.pathname.slice(dir.pathname.length)}:${line + 1}`;
  };
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText();
      const end = literal.lastIndexOf('/');
      found.push({ where: where(node), re: new RegExp(literal.slice(1, end), literal.slice(end + 1)) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      dynamic.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { found, dynamic };
}

const scanned = ROOTS.flatMap(([root, dir]) => sourceFiles(dir).map((file) => scan(root, dir, file)));
const patterns = scanned.flatMap((s) => s.found);
const dynamicPatterns = scanned.flatMap((s) => s.dynamic);

/** Time of one match attempt; a slow one is measured again so a GC pause is not taken for backtracking. */
function matchMs(re: RegExp, input: string): number {
  const once = () => {
    re.lastIndex = 0;
    const started = performance.now();
    re.exec(input);
    return performance.now() - started;
  };
  const first = once();
  return first < BOUND_MS ? first : Math.min(first, once());
}

/** The characters a pattern talks about, plus the usual suspects (blanks, separators, non-ASCII). */
function alphabetOf(re: RegExp): string[] {
  const escapes: Record<string, string> = { d: '0', s: ' ', w: 'a', D: 'x', S: 'x', W: '-', t: '\t', n: '\n' };
  const chars = new Set(' \t0aZ@.:-_#/+xé\n'.split(''));
  const src = re.source;
  for (let i = 0; i < src.length; i++) chars.add(src[i] === '\\' && i + 1 < src.length ? (escapes[src[++i]] ?? src[i]) : src[i]);
  return [...chars];
}

/** Strings shaped like a backtracking attack on `re`: accepted prefix + pumped piece + spoiler, and plain random ones. */
function attacks(re: RegExp): fc.Arbitrary<string> {
  const alphabet = alphabetOf(re);
  const char = fc.constantFrom(...alphabet);
  const short = (max: number) => fc.string({ unit: char, minLength: 1, maxLength: max });
  let accepted: fc.Arbitrary<string>;
  try {
    accepted = fc.stringMatching(new RegExp(re.source, re.flags.replace('g', '')), { size: 'small' });
  } catch {
    accepted = short(8);
  }
  // A piece of an accepted string (or a few pattern characters), pumped after an accepted prefix, then a spoiler.
  const crafted = fc
    .tuple(accepted, fc.nat(), fc.nat(), fc.integer({ min: 1, max: 3 }), short(3), fc.integer({ min: 2_000, max: PUMP_MAX }), short(2))
    .map(([match, cut, from, length, chars, times, spoiler]) => {
      const prefix = match.slice(0, cut % (match.length + 1));
      const start = match.length === 0 ? 0 : from % match.length;
      const piece = from % 2 === 0 && match.length > 0 ? match.slice(start, start + length) : chars;
      return prefix + piece.repeat(Math.ceil(times / piece.length)) + spoiler;
    });
  return fc.oneof({ arbitrary: crafted, weight: 4 }, { arbitrary: fc.string({ unit: char, maxLength: 2_000 }), weight: 1 });
}

/** Fuzzes `re`; answers the first input it found slow (and how slow), or null. */
function findSlowInput(re: RegExp, runs: number, seed?: number): { input: string; ms: number } | null {
  const result = fc.check(
    fc.property(attacks(re), (input) => matchMs(re, input) < BOUND_MS),
    { numRuns: runs, seed, endOnFailure: true },
  );
  if (!result.failed || !result.counterexample) return null;
  const [input] = result.counterexample;
  return { input, ms: matchMs(re, input) };
}

describe('every pattern in shared/ and client/src runs in linear time', () => {
  it('finds the patterns by parsing the sources, and no pattern is built at run time', () => {
    expect(dynamicPatterns).toEqual([]);
    const sources = patterns.map((p) => p.re.source);
    expect(sources).toContain('^[^\\s@]+@[^\\s@]+$');
    expect(patterns.map((p) => p.where)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^shared\/src\/validation\/fields\.ts:/),
        expect.stringMatching(/^shared\/src\/time\.ts:/),
        expect.stringMatching(/^client\/src\/features\/notes\/logic\/excerpt\.ts:/),
        expect.stringMatching(/^client\/src\/lib\/dates\.ts:/),
      ]),
    );
    expect(patterns.length).toBeGreaterThan(30);
  });

  it.each(patterns.map((p) => [`${p.where} /${p.re.source}/`, p.re] as const))('%s', (_, re) => {
    const slow = findSlowInput(re, RUNS);
    expect(slow && { length: slow.input.length, start: slow.input.slice(0, 40), ms: slow.ms }).toBeNull();
  });

  it.each([
    ['the old email pattern', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
    ['the old time pattern', /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([aApP][mM])?\s*$/],
    ['the old trailing-blanks pattern of the notes editor', /\s+$/],
    ['the old trailing-slashes pattern of the public paths', /\/+$/],
    ['the old list-marker pattern of the note excerpt', /^\s*([-*+]|\d+\.)\s+(\[[ xX]\]\s+)?/gm],
    ['the old heading pattern of the note excerpt', /^\s*(#{1,6}|>)\s*/gm],
    ['the old link pattern of the note excerpt', /!?\[([^\]]*)\]\([^)]*\)/g],
  ])('the fuzz finds %s slow', (_, re) => {
    expect(findSlowInput(re, RUNS, 12)).not.toBeNull();
  });
});
