/**
 * The tables a post-mortem's write-up takes from the files (`GET /api/incidents?format=` and
 * `GET /api/holds?format=`): every incident, or every hold, one row each, as CSV (RFC 4180) or as
 * a Markdown table; times in ISO 8601 with the zone's offset, to the millisecond, so a row says
 * its moment wherever it is read; zxids, sessions, clients and how each hold ended beside them.
 */
import type { Incident, WrittenHold } from '../protocol';
import type { Translate } from '../i18n/messages';
import { describeIncident, type IncidentThresholds } from './incident-words';

export const WRITE_UP_FORMATS = ['csv', 'markdown'] as const;
export type WriteUpFormat = (typeof WRITE_UP_FORMATS)[number];

export interface Table {
  columns: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}

/** Whether `zone` is a time zone this runtime knows (an IANA name such as Europe/Berlin, or UTC). */
export function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** `ms` as ISO 8601 in `zone` with its offset, to the millisecond: 2026-12-03T14:05:01.234+01:00. */
export function timeInZone(ms: number, zone: string): string {
  let format = zoneFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, timeZoneName: 'longOffset' });
    zoneFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
  // longOffset says "GMT+01:00", or "GMT" at an offset of zero.
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${parts.fractionalSecond}${offset}`;
}

/** One field of CSV: quoted when it holds a comma, a quote or a line break (its quotes doubled). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One cell of a Markdown table: its pipes escaped and its line breaks made spaces. */
function markdownCell(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The table as CSV (CRLF between records, as RFC 4180 has it) or as a Markdown table. */
export function tableText(table: Table, format: WriteUpFormat): string {
  if (format === 'csv') return [table.columns, ...table.rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
  const line = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [line(table.columns), line(table.columns.map(() => '---')), ...table.rows.map(line)].join('\n') + '\n';
}

/** Every incident a row: its kind, lock, times in `zone`, zxids, sessions, how it ended, who next, its count, and its sentence in `t`'s language. */
export function incidentTable(incidents: readonly Incident[], t: Translate, zone: string, thresholds: IncidentThresholds): Table {
  const at = (ms: number): string => timeInZone(ms, zone);
  return {
    columns: ['kind', 'lock', 'from', 'to', 'length_ms', 'from_zxid', 'to_zxid', 'sessions', 'ended', 'next', 'count', 'what'],
    rows: incidents.map((incident) => [
      incident.kind,
      incident.path ?? '',
      at(incident.from),
      at(incident.to),
      String(incident.to - incident.from),
      incident.fromZxid ?? '',
      incident.toZxid ?? '',
      incident.sessions.join(' '),
      incident.ended ?? '',
      incident.next ?? '',
      String(incident.count),
      describeIncident(incident, t, at, thresholds),
    ]),
  };
}

/** Every hold a row: its lock, node, fencing token, session, client, mode, times in `zone`, how long, how it ended, and the zxids. */
export function holdTable(holds: readonly WrittenHold[], zone: string): Table {
  return {
    columns: ['lock', 'node', 'fencing_token', 'session', 'client', 'mode', 'from', 'to', 'held_ms', 'ended', 'from_zxid', 'to_zxid'],
    rows: holds.map(({ path, hold, fromZxid, toZxid, czxid }) => [
      path,
      hold.node,
      czxid ?? '',
      hold.sessionId,
      hold.client ?? '',
      hold.mode,
      timeInZone(hold.from, zone),
      hold.to === null ? '' : timeInZone(hold.to, zone),
      hold.to === null ? '' : String(hold.to - hold.from),
      hold.ended ?? (hold.to === null ? 'holding' : ''),
      fromZxid ?? '',
      toZxid ?? '',
    ]),
  };
}
