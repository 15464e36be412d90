import { translator, type Translate } from '../i18n/messages';

const ENGLISH = translator('en');

/** A duration as a person reads it at a glance, in the page's language: `850 ms`, `12 s`, `3 min 4 s`, `2 h 5 min`, `3 d 4 h` (`3 分 4 秒`): its two largest units, rounded down. */
export function formatDuration(ms: number, t: Translate = ENGLISH): string {
  if (!Number.isFinite(ms) || ms < 0) return t('durationS', { n: 0 });
  if (ms < 1000) return t('durationMs', { n: Math.round(ms) });
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return t('durationS', { n: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? t('durationMin', { n: minutes }) : t('durationMinS', { min: minutes, s: seconds % 60 });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? t('durationH', { n: hours }) : t('durationHMin', { h: hours, min: minutes % 60 });
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? t('durationD', { n: days }) : t('durationDH', { d: days, h: hours % 24 });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const LONG_HEX = /[0-9a-f]{24,}/gi;

/**
 * A child name short enough to read on a card: the GUIDs that Curator and Kazoo put in front
 * of the sequence are cut to their first four characters.
 */
export function shortNodeName(name: string): string {
  return name.replace(UUID, (id) => `${id.slice(0, 4)}…`).replace(LONG_HEX, (hex) => `${hex.slice(0, 4)}…`);
}

/** One clock for every time of day a page says: 24-hour, as ZooKeeper's logs and the anomalies' expiries are written (a page that said "11:59:41 AM" in one place and "14:03:27" in another read as two clocks). */
const CLOCK_FORMAT = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** A time of day, 24-hour: 14:03:27. */
export function formatClock(ms: number): string {
  return CLOCK_FORMAT.format(ms);
}

/** One formatter for every count: `toLocaleString` makes a new one per call, which a table of thousands of rows pays for each. */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** A count with thousands separators: 1,999. */
export function formatCount(count: number): string {
  return COUNT_FORMAT.format(count);
}

/** How wide `text` is drawn: `narrowPx` a character, `widePx` for a Chinese (or other East Asian) one, a full em. */
export function writtenWidth(text: string, narrowPx: number, widePx: number): number {
  let width = 0;
  for (const character of text) width += character >= '\u2e80' ? widePx : narrowPx;
  return width;
}

/**
 * A path made to fit by dropping its first segments whole ("…/team/job/lock"), never by cutting
 * inside a name; `fits` says whether the text it makes of a shown path fits. Only where the last
 * segment alone does not fit is that one cut, from its front (`whole` false then).
 */
export function fitPath(path: string, fits: (shown: string) => boolean): { shown: string; whole: boolean } {
  if (fits(path)) return { shown: path, whole: true };
  const segments = path.split('/').filter((segment) => segment !== '');
  for (let drop = 1; drop < segments.length; drop += 1) {
    const shown = `…/${segments.slice(drop).join('/')}`;
    if (fits(shown)) return { shown, whole: true };
  }
  const last = segments.at(-1) ?? path;
  for (let keep = last.length - 1; keep > 1; keep -= 1) {
    const shown = `…${last.slice(last.length - keep)}`;
    if (fits(shown)) return { shown, whole: false };
  }
  return { shown: `…${last.slice(-1)}`, whole: false };
}
