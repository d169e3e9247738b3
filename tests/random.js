// Seeded randomness for the fuzz and soak runs: the same seed, the same run. mulberry32.
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Object.assign(next, {
    /** An integer in [0, n). */
    int: (n) => Math.floor(next() * n),
    /** One of the items. */
    pick: (items) => items[Math.floor(next() * items.length)],
    /** true with probability p. */
    chance: (p) => next() < p,
  });
}

/** The seed of a run: SEED from the environment, else the given default (printed by the caller). */
export function seedFrom(env, fallback) {
  const seed = env.SEED === undefined ? fallback : Number(env.SEED);
  if (!Number.isInteger(seed) || seed < 0) throw new RangeError(`SEED must be an integer >= 0, got ${env.SEED}`);
  return seed;
}
