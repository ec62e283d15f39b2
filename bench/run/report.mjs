// The console report of a run: the results table, the notes, and the comparison with the previous run.

export const fmt = (v, unit) => (v === null || v === undefined ? '—' : `${typeof v === 'number' ? v.toLocaleString('en', { maximumFractionDigits: 2 }) : v} ${unit ?? ''}`.trim());
const status = (m) => (m.pass === null ? 'reported' : m.pass ? 'PASS' : `MISS (${m.checks.filter((c) => !c.ok).map((c) => c.label).join(', ')})`);
/** A metric's ratio as printed: `0.42×`, or `—` without one. */
export const ratioCell = (m) => (m.ratio === undefined || m.ratio === null ? '—' : `${m.ratio}×`);

export function printTable(metrics) {
  const rows = metrics.map((m) => [String(m.id), m.name, fmt(m.value, m.unit), m.baseline ? fmt(m.baseline.value, m.baseline.unit) : '—', ratioCell(m), m.target, status(m)]);
  const head = ['#', 'metric', 'result', 'baseline', 'ratio', 'target', 'status'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log('');
  for (const m of metrics) if (m.note) console.log(`  #${m.id}: ${m.note}`);
  const missed = metrics.filter((m) => m.pass === false);
  console.log(
    missed.length
      ? `\nTargets MISSED (${missed.length}): ${missed.map((m) => `#${m.id} ${m.name}: ${status(m)}`).join('; ')}`
      : '\nEvery target with a goal was met.',
  );
}

/** Whether a larger ratio is better, per metric id; metric 5 is only reported. */
const BETTER = { 1: 'higher', 3: 'higher', 4: 'lower', 6: 'lower', 7: 'lower', 8: 'lower', 10: 'lower', 15: 'lower', 17: 'lower', 201: 'lower', 202: 'lower' };

/** Ratios that moved more than 10% against the previous bench/results.json; answers the regressions. */
export function compareWithPrevious(prev, metrics, quick) {
  if (!prev?.metrics) return [];
  if (prev.settings?.quick !== quick) {
    console.log(`The previous run (${prev.commit}, ${prev.date}) used ${prev.settings?.quick ? '--quick' : 'full'} settings: not compared.`);
    return [];
  }
  const notes = [];
  const regressions = [];
  for (const m of metrics) {
    const p = prev.metrics.find((x) => x.id === m.id);
    if (!p || typeof p.ratio !== 'number' || typeof m.ratio !== 'number' || p.ratio === 0) continue;
    const change = (m.ratio - p.ratio) / p.ratio;
    if (Math.abs(change) <= 0.1) continue;
    const worse = (BETTER[m.id] === 'higher' && change < 0) || (BETTER[m.id] === 'lower' && change > 0);
    notes.push(`#${m.id} ratio ${p.ratio}× → ${m.ratio}× (${change > 0 ? '+' : ''}${(change * 100).toFixed(0)}%${worse ? ', worse' : ''})`);
    if (worse) regressions.push(m.id);
  }
  console.log(
    notes.length
      ? `Changes of more than 10% against the previous run (${prev.commit}, ${prev.date}): ${notes.join('; ')}`
      : `No ratio moved more than 10% against the previous run (${prev.commit}, ${prev.date}).`,
  );
  return regressions;
}
