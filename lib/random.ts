/**
 * A small deterministic generator (Park–Miller), so that what is random (a simulated run, a
 * randomised test) replays exactly. Returns numbers in [0, 1).
 */
export function lcg(seed: number): () => number {
  let state = seed % 2147483647 || 1;
  return () => {
    state = (state * 48271) % 2147483647;
    return (state - 1) / 2147483646;
  };
}
