import { describe, expect, it } from 'vitest';
import { MESSAGES, translate } from './messages';

describe('the classroom in two languages', () => {
  it('has every message in Chinese, with the same placeholders as in English', () => {
    const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
    for (const [key, english] of Object.entries(MESSAGES.en)) {
      const chinese = MESSAGES.zh[key as keyof typeof MESSAGES.en];
      expect(chinese, key).toBeTruthy();
      expect(chinese, key).not.toBe(english);
      expect(placeholders(chinese), key).toEqual(placeholders(english));
    }
  });

  it('fills the placeholders, and leaves an unknown one as it is', () => {
    expect(translate('en', 'preparing', { n: 20 })).toBe('Starting 20 contenders per queue…');
    expect(translate('zh', 'preparing', { n: 20 })).toBe('正在为每个队列启动 20 个客户端…');
    expect(translate('en', 'theory', {})).toBe('theory {value}');
  });
});
