import { describe, expect, it } from 'vitest';
import { describeData, MAX_SHOWN_DATA_BYTES } from './data';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('describeData', () => {
  it('shows printable UTF-8 as text', () => {
    expect(describeData(utf8('10.0.0.7 订单服务\n'))).toEqual({ size: 22, text: '10.0.0.7 订单服务\n', hex: null, truncated: false });
  });

  it('shows binary and invalid UTF-8 as hex', () => {
    expect(describeData(Uint8Array.from([0xff, 0x00, 0x10]))).toEqual({ size: 3, text: null, hex: 'ff0010', truncated: false });
    expect(describeData(utf8('a\u0000b'))?.hex).toBe('610062');
  });

  it('cuts large data to 4 KiB, without breaking a character at the cut', () => {
    const big = describeData(utf8('订'.repeat(3000)));
    expect(big?.truncated).toBe(true);
    expect(big?.size).toBe(9000);
    expect(big?.text).toBe('订'.repeat(Math.floor(MAX_SHOWN_DATA_BYTES / 3)));
    expect(describeData(new Uint8Array(10_000).fill(0xfe))?.hex).toHaveLength(2 * MAX_SHOWN_DATA_BYTES);
  });

  it('has nothing to show for a node without data, and an empty text for empty data', () => {
    expect(describeData(null)).toBeNull();
    expect(describeData(new Uint8Array(0))).toEqual({ size: 0, text: '', hex: null, truncated: false });
  });

  it('gives the hex of text too when asked, for a node looked at closely', () => {
    expect(describeData(new TextEncoder().encode('ok'), true)).toEqual({ size: 2, text: 'ok', hex: '6f6b', truncated: false });
  });
});
