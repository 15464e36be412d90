import { describe, expect, it } from 'vitest';
import { errorSaid } from './ops';

describe('errorSaid', () => {
  it("reads the server's sentence from an {error} body", () => {
    expect(errorSaid({ error: 'no such lock: /a' })).toBe('no such lock: /a');
  });

  it('says nothing for a body of another shape, an empty body or a proxy page read as null', () => {
    expect(errorSaid({ error: 503 })).toBeNull();
    expect(errorSaid({ message: 'gateway' })).toBeNull();
    expect(errorSaid(null)).toBeNull();
    expect(errorSaid('Bad Gateway')).toBeNull();
  });
});
