/**
 * `value` without the run of `char` at its end, in one backwards pass: the linear form of
 * `value.replace(/x+$/, '')`, which rescans a long run of `x` from each of its characters when something
 * else follows it (issue 12, point 1: no backtracking pattern on user text).
 */
export function trimTrailing(value: string, char: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === char) end--;
  return value.slice(0, end);
}
