// The relative family's numbers that the later-models view draws and says, from the package:
// ALiBi's slopes as each model computes them (Falcon's bfloat16), the two series of slopes of a
// head count that is not a power of two, and where T5's last bucket begins (docs/family.md).

/**
 * x as torch's .bfloat16() makes it from a float32: rounded to 8 significant bits, to nearest,
 * ties to even (c10's round_to_nearest_even). Falcon's slopes (build_alibi_tensor).
 */
export function bfloat16(x) {
  const f = new Float32Array([x]), bits = new Uint32Array(f.buffer);
  if ((bits[0] & 0x7f800000) === 0x7f800000) return f[0];  // ±∞ and NaN stay
  bits[0] = (bits[0] + 0x7fff + ((bits[0] >>> 16) & 1)) & 0xffff0000;
  return f[0];
}

/**
 * ALiBi's slopes for n heads in two series (docs/family.md): P = 2^⌊log2 n⌋ heads take
 * 2^(−maxBias·(h + 1)/P); the n − P others (none when n is a power of two) the odd powers of the
 * series 2P heads would have, 2^(−maxBias·(2k + 1)/(2P)), interleaved with the first's (the first above them all).
 * { P, extra }.
 */
export function alibiSeries(numHeads) {
  const P = 2 ** Math.floor(Math.log2(numHeads));
  return { P, extra: numHeads - P };
}

/**
 * Where T5's last bucket begins under a rule (`pe.relativePositionBuckets`'s options): a side has
 * `side` buckets (numBuckets, or half of it for the encoder, which gives the other half to keys
 * after the query), the first `exact` = ⌊side/2⌋ of them one distance each; beyond, Δ is in bucket
 * exact + ⌊log(Δ/exact)/log(maxDistance/exact)·(side − exact)⌋. That spacing would put maxDistance
 * at bucket `side`, one past the last: rounded down, the last, side − 1, begins one bucket's width
 * (a factor `width`) earlier, at `begins` = exact·(maxDistance/exact)^((side − exact − 1)/(side − exact)).
 * `from`: the first whole Δ in it, by the package's own buckets (T5 takes the logarithm in float32).
 */
export function lastBucket(pe, { numBuckets, maxDistance, bidirectional }) {
  const side = bidirectional ? numBuckets / 2 : numBuckets, exact = Math.floor(side / 2), steps = side - exact;
  const ratio = maxDistance / exact, rule = { numBuckets, maxDistance, bidirectional };
  const bucketOf = (d) => pe.relativePositionBuckets([-d], rule)[0], bucket = bucketOf(maxDistance);
  // The buckets never fall as Δ grows: the first Δ in the last one by bisection (maxDistance may be 2³¹ − 1).
  let lo = exact, hi = maxDistance;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (bucketOf(mid) === bucket) hi = mid; else lo = mid + 1;
  }
  return { side, exact, steps, bucket, begins: exact * ratio ** ((steps - 1) / steps), width: ratio ** (1 / steps), from: lo };
}
