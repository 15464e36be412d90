import { describe, expect, it } from 'vitest';
import { writtenWidth } from '../lib/view/format';
import { endThatFits } from './QueueShapes';

describe('the parent box’s label', () => {
  it('is whole where it fits, else its end after an ellipsis, measured by each character’s width', () => {
    expect(endThatFits('/h · children watched by 3', 400)).toBe('/h · children watched by 3');
    // 7.3 units a Latin character: 20 of them in 146, the ellipsis one.
    expect(endThatFits('/sim/classroom/abc123/herd · children watched by 11', 146)).toBe('…ldren watched by 11');
    // A Chinese character is about 12: the same room holds fewer of them, and nothing runs past it.
    const chinese = endThatFits('/sim/classroom/3scpey/herd · 9 个监听子节点', 146);
    expect(chinese).toBe('…herd · 9 个监听子节点');
    expect(writtenWidth(chinese, 7.3, 12)).toBeLessThanOrEqual(146);
  });
});
