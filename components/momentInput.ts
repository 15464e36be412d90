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
