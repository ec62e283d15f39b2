import ICAL from 'ical.js';
import { canonicalTimeZone } from '@adhd/shared/time';

/**
 * Time-zone arithmetic for calendar files, on the runtime's own IANA data (Intl): ical.js knows no zones
 * besides UTC and the VTIMEZONE blocks a file carries. Wall-clock values are `{ date: 'YYYY-MM-DD', time: 'HH:mm' }`.
 */
export interface WallClock {
  date: string;
  time: string;
}

const MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    // At most one formatter per IANA zone (a few hundred exist); only canonical, valid names get here.
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock of the instant `ms` in `zone` (seconds dropped). */
export function utcToWall(ms: number, zone: string): WallClock {
  const p: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(new Date(ms))) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Milliseconds of `date time` read as if it were UTC. */
export function wallAsUtc(date: string, time = '00:00'): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), Number(time.slice(0, 2)), Number(time.slice(3, 5)));
}

/** The zone's offset from UTC in minutes at the instant `ms` (Berlin in summer: 120). */
export function offsetAt(ms: number, zone: string): number {
  const w = utcToWall(ms, zone);
  return Math.round((wallAsUtc(w.date, w.time) - Math.floor(ms / MINUTE) * MINUTE) / MINUTE);
}

/**
 * The instant of a wall clock in `zone`. A time skipped by a DST change (02:30 on a spring-forward night) is
 * read with the offset before the change (it lands an hour later, as calendar apps do); a repeated time takes
 * its first occurrence.
 */
export function wallToUtc(date: string, time: string, zone: string): number {
  const local = wallAsUtc(date, time);
  const before = offsetAt(local - 86_400_000 / 2, zone);
  const after = offsetAt(local + 86_400_000 / 2, zone);
  for (const offset of before === after ? [before] : [before, after]) {
    const ms = local - offset * MINUTE;
    if (offsetAt(ms, zone) === offset) return ms;
  }
  return local - before * MINUTE;
}

/** A canonical IANA zone for a TZID (`Europe/Berlin`, `/Europe/Berlin`, `W. Europe Standard Time`), else undefined. */
export function ianaZone(tzid: string | undefined): string | undefined {
  if (!tzid) return undefined;
  const name = tzid.replace(/^\/+/, '').replace(/^"|"$/g, '').trim();
  if (name.includes('/') || name === 'UTC' || name === 'GMT') {
    const iana = canonicalTimeZone(name);
    if (iana) return iana;
  }
  const windows = WINDOWS_ZONES[name.toLowerCase()];
  return windows ? canonicalTimeZone(windows) : undefined;
}

/**
 * Outlook / Exchange zone names (Windows time zones) → IANA, from CLDR's windowsZones.xml ("001" territory),
 * for the zones users are most likely to have. An unlisted name falls back to the file's VTIMEZONE block.
 */
const WINDOWS_ZONES: Record<string, string> = Object.fromEntries(
  Object.entries({
    'UTC': 'UTC',
    'GMT Standard Time': 'Europe/London',
    'Greenwich Standard Time': 'Atlantic/Reykjavik',
    'W. Europe Standard Time': 'Europe/Berlin',
    'Central Europe Standard Time': 'Europe/Budapest',
    'Romance Standard Time': 'Europe/Paris',
    'Central European Standard Time': 'Europe/Warsaw',
    'E. Europe Standard Time': 'Europe/Chisinau',
    'FLE Standard Time': 'Europe/Kiev',
    'GTB Standard Time': 'Europe/Bucharest',
    'Russian Standard Time': 'Europe/Moscow',
    'Kaliningrad Standard Time': 'Europe/Kaliningrad',
    'Russia Time Zone 3': 'Europe/Samara',
    'Ekaterinburg Standard Time': 'Asia/Yekaterinburg',
    'N. Central Asia Standard Time': 'Asia/Novosibirsk',
    'North Asia Standard Time': 'Asia/Krasnoyarsk',
    'North Asia East Standard Time': 'Asia/Irkutsk',
    'Yakutsk Standard Time': 'Asia/Yakutsk',
    'Vladivostok Standard Time': 'Asia/Vladivostok',
    'Turkey Standard Time': 'Europe/Istanbul',
    'Israel Standard Time': 'Asia/Jerusalem',
    'Arabian Standard Time': 'Asia/Dubai',
    'India Standard Time': 'Asia/Calcutta',
    'China Standard Time': 'Asia/Shanghai',
    'Tokyo Standard Time': 'Asia/Tokyo',
    'Korea Standard Time': 'Asia/Seoul',
    'Singapore Standard Time': 'Asia/Singapore',
    'AUS Eastern Standard Time': 'Australia/Sydney',
    'New Zealand Standard Time': 'Pacific/Auckland',
    'Eastern Standard Time': 'America/New_York',
    'Central Standard Time': 'America/Chicago',
    'Mountain Standard Time': 'America/Denver',
    'US Mountain Standard Time': 'America/Phoenix',
    'Pacific Standard Time': 'America/Los_Angeles',
    'Alaskan Standard Time': 'America/Anchorage',
    'Hawaiian Standard Time': 'Pacific/Honolulu',
    'Atlantic Standard Time': 'America/Halifax',
    'SA Pacific Standard Time': 'America/Bogota',
    'E. South America Standard Time': 'America/Sao_Paulo',
    'Argentina Standard Time': 'America/Buenos_Aires',
    'South Africa Standard Time': 'Africa/Johannesburg',
    'Egypt Standard Time': 'Africa/Cairo',
  }).map(([k, v]) => [k.toLowerCase(), v]),
);

const pad = (n: number) => String(n).padStart(2, '0');
const utcOffset = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** The instants in [fromMs, toMs) where the zone's offset changes, to the minute. */
function transitions(zone: string, fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  const step = 7 * 86_400_000;
  for (let t = fromMs; t < toMs; t += step) {
    if (offsetAt(t, zone) === offsetAt(t + step, zone)) continue;
    let lo = t;
    let hi = t + step;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offsetAt(mid, zone) === offsetAt(lo, zone)) lo = mid;
      else hi = mid;
    }
    out.push(hi);
  }
  return out;
}

/**
 * A VTIMEZONE block for an IANA zone, built from the runtime's zone data for the years `fromYear`…`toYear`
 * (ical.js cannot produce one): a first STANDARD observance at the start, then one observance per kind of change
 * (same offsets), its first change as DTSTART and every change as an RDATE. Apps that know the IANA name use their
 * own rules; the others read these.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): ICAL.Component {
  const comp = new ICAL.Component('vtimezone');
  comp.addPropertyWithValue('tzid', zone);
  const start = Date.UTC(fromYear, 0, 1);
  const first = offsetAt(start, zone);
  const groups = new Map<string, { from: number; to: number; locals: WallClock[] }>();
  for (const at of transitions(zone, start, Date.UTC(toYear + 1, 0, 1))) {
    const from = offsetAt(at - MINUTE, zone);
    const to = offsetAt(at, zone);
    const key = `${from}>${to}`;
    const group = groups.get(key) ?? { from, to, locals: [] };
    const local = new Date(at + from * MINUTE).toISOString(); // the change's wall clock in the old offset
    group.locals.push({ date: local.slice(0, 10), time: local.slice(11, 16) });
    groups.set(key, group);
  }
  const observance = (kind: 'standard' | 'daylight', from: number, to: number, locals: WallClock[]) => {
    const sub = new ICAL.Component(kind);
    sub.addPropertyWithValue('dtstart', ICAL.Time.fromDateTimeString(isoLocal(locals[0]!)));
    sub.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromString(utcOffset(from)));
    sub.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromString(utcOffset(to)));
    // One RDATE per change, the first included: ical.js reads one value per RDATE line and, once a block has
    // RDATEs, no longer counts its DTSTART (a repeated onset is harmless to other readers).
    if (locals.length > 1) for (const w of locals) sub.addPropertyWithValue('rdate', ICAL.Time.fromDateTimeString(isoLocal(w)));
    comp.addSubcomponent(sub);
  };
  observance('standard', first, first, [{ date: `${fromYear}-01-01`, time: '00:00' }]);
  for (const g of groups.values()) observance(g.to > g.from ? 'daylight' : 'standard', g.from, g.to, g.locals);
  return comp;
}

const isoLocal = (w: WallClock) => `${w.date}T${w.time}:00`;
