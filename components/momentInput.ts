/**
 * The replay's moments as a person reads and writes them: a clock to the millisecond in the
 * browser's time zone, and a moment typed in (a zxid, a time in ms, a date and time, or a time of
 * day on the day shown) turned into what `replay:at` takes.
 */
import { MomentText } from '../lib/protocol';

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `14:03:05.120`, with `2026-11-25 ` before it when `withDate`, in the browser's time zone. */
export function formatClock(ms: number, withDate = false): string {
  const date = new Date(ms);
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  return withDate ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${clock}` : clock;
}

/** Whether two moments fall on different days (then the day is written with each clock). */
export function crossesDays(from: number, to: number): boolean {
  return new Date(from).toDateString() !== new Date(to).toDateString();
}

const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const DATE_AND_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * What `replay:at` takes for a moment typed in, or null when it is none: `0x1a2b` (a zxid),
 * `1764043925120` (ms since the epoch), `2026-11-25 03:12:05.120` or `03:12` (a time of day on
 * `day`'s date), both in the browser's time zone.
 */
export function parseMomentInput(typed: string, day: number): string | null {
  const text = typed.trim();
  if (MomentText.safeParse(text.toLowerCase()).success) return text.toLowerCase();
  const millis = (fraction: string | undefined): number => (fraction === undefined ? 0 : Number(fraction.padEnd(3, '0')));
  const ofDay = TIME_OF_DAY.exec(text);
  if (ofDay !== null) {
    const [, hours, minutes, seconds, fraction] = ofDay;
    const date = new Date(day);
    const at = new Date(date.getFullYear(), date.getMonth(), date.getDate(), Number(hours), Number(minutes), Number(seconds ?? 0), millis(fraction));
    return Number(hours) < 24 && Number(minutes) < 60 && Number(seconds ?? 0) < 60 ? String(at.getTime()) : null;
  }
  const full = DATE_AND_TIME.exec(text);
  if (full !== null) {
    const [, year, month, date, hours, minutes, seconds, fraction] = full;
    const at = new Date(Number(year), Number(month) - 1, Number(date), Number(hours), Number(minutes), Number(seconds ?? 0), millis(fraction));
    // A date that rolled over (the 31st of a 30-day month, 25:00) is no date that was meant.
    if (at.getMonth() !== Number(month) - 1 || at.getDate() !== Number(date) || at.getHours() !== Number(hours) || at.getMinutes() !== Number(minutes)) return null;
    return String(at.getTime());
  }
  return null;
}

/**
 * A moment written in the address (`?at=`), in any form the go-to box takes: what the socket's
 * handshake can ask at once (`at`), or a time of day (`ofDay`: it needs the files' day, told
 * after connecting); neither when it is no moment.
 */
export function addressMoment(text: string): { at: string | null; ofDay: boolean } {
  if (TIME_OF_DAY.test(text.trim())) return { at: null, ofDay: parseMomentInput(text, 0) !== null };
  return { at: parseMomentInput(text, 0), ofDay: false };
}

/** The last moment at or before `end` at the time of day written (`03:51:50`): on the files' last day, or the day before where that is later than their end. */
export function latestOfDay(text: string, end: number): string | null {
  const onDay = parseMomentInput(text, end);
  if (onDay === null || Number(onDay) <= end) return onDay;
  return parseMomentInput(text, end - 86_400_000);
}

/** The browser's time zone, as every clock of the replay is written in it at `ms`: `UTC`, or `UTC+01:00 Europe/Berlin`. */
export function zoneLabel(ms: number): string {
  const offset = -new Date(ms).getTimezoneOffset();
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  if (offset === 0 && /^(Etc\/)?(UTC|GMT|Universal|Zulu)$/.test(name)) return 'UTC';
  const sign = offset < 0 ? '-' : '+';
  return `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}${name === '' ? '' : ` ${name}`}`;
}
