import { describe, expect, it } from 'vitest';
import { record, snapshotOf } from '../testing/records';
import { escapeXml, queueSvg } from './export-svg';

describe('the exported picture', () => {
  it('draws every node and edge with a caption', () => {
    const snapshot = snapshotOf('/app/lock', ['lock-0000000000', 'lock-0000000001'].map((name) => record(name)));
    const svg = queueSvg(snapshot);
    expect(svg.startsWith("<svg xmlns='http://www.w3.org/2000/svg'")).toBe(true);
    expect(svg).toContain('/app/lock');
    expect(svg).toContain('1 holding, 1 waiting');
    expect(svg.match(/HOLDS THE LOCK/g)).toHaveLength(1);
    expect(svg.match(/marker-end/g)).toHaveLength(1);
  });

  it('escapes names, so that a child called <script> stays text', () => {
    const snapshot = snapshotOf('/x', [record('<script>alert(1)</script>-0000000000')]);
    expect(queueSvg(snapshot)).not.toContain('<script>');
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });

  it('draws at most the limit and says so', () => {
    const snapshot = snapshotOf('/big', Array.from({ length: 20 }, (_, i) => record(`lock-${String(i).padStart(10, '0')}`)));
    const svg = queueSvg(snapshot, undefined, 5);
    expect(svg).toContain('(first 5 drawn)');
    expect(svg.match(/WAITING/g)).toHaveLength(4);
  });
});
