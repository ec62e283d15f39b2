import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in a real page (node_modules/axe-core/axe.min.js): injected once per document (client-side navigation keeps it), run over the whole
 * document, and the serious and critical violations turned into lines a person can act on.
 */

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | null = null;
let lastEnd = Date.now();

/** One place a screen fails: the rule, what it is about and where. */
export interface A11yProblem {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
  /** The first failing node's summary from axe (e.g. the contrast ratio it measured). */
  summary: string;
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe over the page as it is now and returns its serious and critical violations, tagged with `screen`.
 * Running CSS animations and transitions are finished first, so a fading dialog is checked as it will stay
 * (mid-fade colours would give false contrast readings).
 */
export async function axeProblems(page: Page, screen: string): Promise<A11yProblem[]> {
  // Evaluated through the DevTools protocol rather than a <script> tag: the app's CSP (script-src 'self' with
  // nonces) rightly refuses an injected inline script, and the page under test must keep its real policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate((axeSource ??= readFileSync(axePath, 'utf8')));
  const started = Date.now();
  const violations = await page.evaluate(async () => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        /* an infinite animation (a spinner) cannot finish: it is left as it is */
      }
    }
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  if (process.env.A11Y_TIMING) console.log(`axe ${screen}: ${Date.now() - started} ms, ${started - lastEnd} ms since the last run`);
  lastEnd = Date.now();
  return violations
    .filter((v) => v.impact != null && BLOCKING.has(v.impact))
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    }));
}

/**
 * The problems as a readable report: one block per rule and set of failing nodes, with the screens (look and
 * screen) where it was seen, the help text and the selectors of the failing nodes.
 */
export function formatProblems(problems: A11yProblem[]): string {
  const groups = new Map<string, { first: A11yProblem; screens: string[] }>();
  for (const p of problems) {
    const key = `${p.rule}\n${p.targets.join('\n')}`;
    const group = groups.get(key);
    if (group) group.screens.push(p.screen);
    else groups.set(key, { first: p, screens: [p.screen] });
  }
  return [...groups.values()]
    .map(({ first: p, screens }) => {
      const nodes = p.targets.slice(0, 8).map((t) => `      ${t}`);
      if (p.targets.length > 8) nodes.push(`      … and ${p.targets.length - 8} more`);
      const where = screens.length > 6 ? `${screens.slice(0, 6).join('; ')}; … ${screens.length - 6} more` : screens.join('; ');
      return [`${p.rule} (${p.impact}): ${p.help}`, `    on: ${where}`, `    ${p.summary}`, `    ${p.helpUrl}`, ...nodes].join('\n');
    })
    .join('\n');
}

/**
 * Client-side navigation (wouter listens to popstate): the app keeps its state, no reload. Resolves when the
 * new screen's <main> (the layout keys it by location, so it is a new element) shows a heading or a form, so
 * axe never looks at the screen being left.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    if (location.pathname + location.search === to) return;
    for (const main of document.querySelectorAll('main')) main.dataset.a11yLeft = '';
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator('main:not([data-a11y-left]) :is(h1, h2, form)').first().waitFor();
}

/**
 * The Russian wording of English source strings, read from the ru catalog, so one tour clicks through both
 * languages. Only single-line entries (the labels a tour clicks) are read.
 */
export function catalog(poFile: string, text: string): Map<string, string> {
  const map = new Map<string, string>();
  const re = /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm;
  for (const m of text.matchAll(re)) if (m[1] && m[2]) map.set(m[1].replace(/\\"/g, '"'), m[2].replace(/\\"/g, '"'));
  if (map.size === 0) throw new Error(`no entries read from ${poFile}`);
  return map;
}

/**
 * A little of everything, so no screen is empty: a tag; tasks overdue (high priority, tagged), due today, started
 * with a child, done; two habits with a completed, a missed and a skipped day; a folder with a pinned markdown
 * note and a plain note; a timed event today and an all-day trip; two inbox items.
 */
export function seedMutations(today: string, dayOffset: (n: number) => string): { name: string; args: Record<string, unknown> }[] {
  const utcToday = () => today;
  return [
    { name: 'tag.create', args: { id: 'tag_errands', name: 'Errands', color: '#2563eb' } },
    { name: 'task.create', args: { id: 'task_milk', title: 'Buy milk', dueDate: dayOffset(-2), priority: 'high', tags: ['tag_errands'] } },
    { name: 'task.create', args: { id: 'task_week', title: 'Plan the week', dueDate: utcToday(), time: '09:30', priority: 'low' } },
    { name: 'task.create', args: { id: 'task_flat', title: 'Tidy the flat', startDate: dayOffset(-1), dueDate: dayOffset(3) } },
    { name: 'task.create', args: { id: 'task_vacuum', title: 'Vacuum', parent: 'task_flat' } },
    { name: 'task.create', args: { id: 'task_plants', title: 'Water plants', completed: true } },
    { name: 'habit.create', args: { id: 'habit_floss', title: 'Floss', startDate: dayOffset(-30), timeOfDay: 'evening' } },
    { name: 'habit.create', args: { id: 'habit_run', title: 'Run', startDate: dayOffset(-30), frequency: 'custom', customFrequency: { type: 'days', days: [1, 3, 5] } } },
    { name: 'habit.setDay', args: { habitId: 'habit_floss', date: dayOffset(-1), status: 'complete' } },
    { name: 'habit.setDay', args: { habitId: 'habit_floss', date: dayOffset(-2), status: 'miss' } },
    { name: 'habit.setDay', args: { habitId: 'habit_floss', date: dayOffset(-3), status: 'skip' } },
    { name: 'folder.create', args: { id: 'folder_work', name: 'Work' } },
    { name: 'note.create', args: { id: 'note_meeting', title: 'Meeting notes', content: '# Agenda\n\n- budget\n- **dates**\n- [ ] call back\n\n[link](https://example.com)', pinned: true, folder: 'folder_work' } },
    { name: 'note.create', args: { id: 'note_groceries', title: 'Groceries', content: 'eggs, bread', isMarkdown: false } },
    { name: 'event.create', args: { id: 'event_dentist', title: 'Dentist', startDate: utcToday(), startTime: '10:00', endTime: '11:00', location: 'Main street 5' } },
    { name: 'event.create', args: { id: 'event_trip', title: 'Trip', startDate: dayOffset(1), endDate: dayOffset(3), allDay: true } },
    { name: 'inbox.create', args: { id: 'inbox_call', text: 'Call mum\nabout Sunday' } },
    { name: 'inbox.create', args: { id: 'inbox_book', text: 'Book idea: a calm planner' } },
  ];
}
