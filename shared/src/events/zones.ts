import { tzOffset } from '@date-fns/tz';

/**
 * Wall-clock arithmetic for events. A wall-clock moment is a date and a time (`YYYY-MM-DD`, `HH:mm`) in some
 * zone; it is carried as "wall minutes": minutes since 1970-01-01T00:00 as if that zone were UTC, where every
 * day has 24 hours (so adding a duration never shifts across a DST change).
 */

const MINUTE_MS = 60_000;

export function wallMinutes(date: string, time: string | null): number {
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const minutes = time ? Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) : 0;
  return ms / MINUTE_MS + minutes;
}

/** `[date, time]` of wall minutes. */
export function fromWallMinutes(wall: number): [string, string] {
  const iso = new Date(wall * MINUTE_MS).toISOString();
  return [iso.slice(0, 10), iso.slice(11, 16)];
}

/**
 * The instant (epoch minutes) of a wall-clock moment in `zone`. A time skipped by a DST change (02:30 on the
 * spring-forward night) is read with the offset before the change, i.e. it lands one hour later, as calendar
 * apps show it.
 */
export function wallToInstant(wall: number, zone: string): number {
  const guess = wall - tzOffset(zone, new Date(wall * MINUTE_MS));
  const offset = tzOffset(zone, new Date(guess * MINUTE_MS));
  return wall - offset;
}

/** The wall minutes of an instant (epoch minutes) in `zone`. */
export const instantToWall = (instant: number, zone: string): number => instant + tzOffset(zone, new Date(instant * MINUTE_MS));

/** Wall minutes in zone `from` as wall minutes in zone `to`. */
export const convertWall = (wall: number, from: string, to: string): number => (from === to ? wall : instantToWall(wallToInstant(wall, from), to));
