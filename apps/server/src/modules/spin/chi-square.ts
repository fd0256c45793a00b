/**
 * Pearson's chi-square goodness-of-fit of observed slice counts against the
 * wheel's weights (docs/spin.md, "Draw report"). Slices of weight 0 are left
 * out of the test (any draw on one is reported as `impossible`).
 */
export type ChiSquare = { draws: number; statistic: number; degreesOfFreedom: number; pValue: number; impossible: number };

export function chiSquare(observed: readonly number[], weights: readonly number[]): ChiSquare {
  const draws = observed.reduce((s, n) => s + n, 0);
  const total = weights.reduce((s, w) => s + w, 0);
  let statistic = 0;
  let cells = 0;
  let impossible = 0;
  weights.forEach((w, i) => {
    const o = observed[i] ?? 0;
    if (w <= 0) {
      impossible += o;
      return;
    }
    cells += 1;
    const expected = (draws * w) / total;
    if (expected > 0) statistic += (o - expected) ** 2 / expected;
  });
  const degreesOfFreedom = Math.max(cells - 1, 1);
  return { draws, statistic, degreesOfFreedom, pValue: draws === 0 ? 1 : upperGammaQ(degreesOfFreedom / 2, statistic / 2), impossible };
}

/** Q(a, x) = Gamma(a, x) / Gamma(a): the chi-square survival function at 2x with 2a degrees of freedom. */
export function upperGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) return 1 - lowerSeries(a, x);
  return upperFraction(a, x);
}

function lowerSeries(a: number, x: number): number {
  let sum = 1 / a;
  let term = sum;
  for (let n = 1; n < 500; n += 1) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

function upperFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** Lanczos approximation (g = 7, n = 9). */
function logGamma(z: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const zz = z - 1;
  let x = c[0] ?? 0;
  for (let i = 1; i < g + 2; i += 1) x += (c[i] ?? 0) / (zz + i);
  const t = zz + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (zz + 0.5) * Math.log(t) - t + Math.log(x);
}
