import type { ArvComp, ArvSubject } from './arv-request-schema';

/** The characteristics a comp is adjusted for besides time and condition. */
export const RATE_KINDS = ['size', 'age', 'beds', 'baths', 'lot'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/**
 * What each characteristic does to the log of a price: size and lot per unit of log area (size 0.5:
 * 10 % more living area, about 5 % more price), age per year of build (newer worth more), beds and
 * baths per room.
 */
export type AdjustmentRates = Record<RateKind, number>;

/**
 * The rates assumed before the comps are seen, and the fit's pull toward them: deliberately small
 * for beds, baths and age, because size already carries most of what they say about a price. Lot
 * 0.1 (10 % more land, about 1 % more price) is what a regression over each bench area's sales
 * before its test period gives (0.11 in north Seattle, 0.09 in the suburbs); 0.03 did worse on
 * both areas' calibration periods (docs/decisions/025-arv-from-comps.md).
 */
export const PRIOR_RATES: AdjustmentRates = { size: 0.5, age: 0.001, beds: 0.01, baths: 0.02, lot: 0.1 };
/** Fitted rates are kept within these bounds, so an odd set of comps cannot give a wild adjustment. */
export const RATE_BOUNDS: Record<RateKind, readonly [number, number]> = {
  size: [0.2, 1],
  age: [-0.005, 0.005],
  beds: [-0.05, 0.05],
  baths: [-0.05, 0.1],
  lot: [0, 0.2],
};
/**
 * How strongly the fit is pulled toward PRIOR_RATES: each rate ends about 1 / (1 + PRIOR_STRENGTH)
 * of the way from the prior to the comps' own least-squares slope. Neighbouring sales' slopes are
 * noisy (size, beds and baths move together), so the prior keeps most of the weight; chosen on the
 * bench's calibration period (0.5 and 1 did worse, 5 no better).
 */
export const PRIOR_STRENGTH = 2;

/** The subject's characteristics less the comp's, in the rates' units; 0 where either is unknown. */
export function differencesFrom(subject: ArvSubject, comp: ArvComp): AdjustmentRates {
  const both = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined ? a - b : 0);
  return {
    size: Math.log(subject.sqft / comp.sqft),
    age: both(subject.yearBuilt, comp.yearBuilt),
    beds: both(subject.beds, comp.beds),
    baths: both(subject.baths, comp.baths),
    lot: subject.lotSqft && comp.lotSqft ? Math.log(subject.lotSqft / comp.lotSqft) : 0,
  };
}

/**
 * The adjustment rates of the comps' own market: a weighted least-squares fit of log price on the
 * differences from the subject, each slope pulled toward its prior (ridge regression) and bounded.
 * A characteristic the comps do not vary in keeps its prior.
 */
export function fitAdjustmentRates(
  points: readonly { differences: AdjustmentRates; logPrice: number; weight: number }[],
): AdjustmentRates {
  const totalWeight = points.reduce((sum, point) => sum + point.weight, 0);
  if (points.length === 0 || !(totalWeight > 0)) return { ...PRIOR_RATES };
  const weightedMean = (value: (point: (typeof points)[number]) => number) =>
    points.reduce((sum, point) => sum + point.weight * value(point), 0) / totalWeight;
  const meanLog = weightedMean((point) => point.logPrice);
  const means = RATE_KINDS.map((kind) => weightedMean((point) => point.differences[kind]));
  // A higher price goes with a comp bigger than the subject, i.e. with a negative difference.
  const rows = points.map((point) => ({
    x: RATE_KINDS.map((kind, j) => means[j]! - point.differences[kind]),
    y: point.logPrice - meanLog,
    weight: point.weight,
  }));
  const size = RATE_KINDS.length;
  const normal = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const right = new Array<number>(size).fill(0);
  for (const { x, y, weight } of rows) {
    for (let j = 0; j < size; j += 1) {
      right[j]! += weight * x[j]! * y;
      for (let k = 0; k < size; k += 1) normal[j]![k]! += weight * x[j]! * x[k]!;
    }
  }
  RATE_KINDS.forEach((kind, j) => {
    const penalty = normal[j]![j]! > 1e-12 ? PRIOR_STRENGTH * normal[j]![j]! : 1;
    normal[j]![j]! += penalty;
    right[j]! += penalty * PRIOR_RATES[kind];
  });
  const fitted = solveLinearSystem(normal, right);
  const rates = { ...PRIOR_RATES };
  if (!fitted) return rates;
  RATE_KINDS.forEach((kind, j) => {
    const [low, high] = RATE_BOUNDS[kind];
    if (Number.isFinite(fitted[j])) rates[kind] = Math.min(high, Math.max(low, fitted[j]!));
  });
  return rates;
}

/**
 * Solves A·x = b by Gaussian elimination with partial pivoting (simple-statistics fits one
 * variable only); undefined when A is singular.
 */
function solveLinearSystem(matrix: readonly number[][], vector: readonly number[]): number[] | undefined {
  const n = vector.length;
  const rows = matrix.map((row, i) => [...row, vector[i]!]);
  for (let column = 0; column < n; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < n; row += 1) {
      if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row;
    }
    if (Math.abs(rows[pivot]![column]!) < 1e-12) return undefined;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    for (let row = 0; row < n; row += 1) {
      if (row === column) continue;
      const factor = rows[row]![column]! / rows[column]![column]!;
      for (let k = column; k <= n; k += 1) rows[row]![k]! -= factor * rows[column]![k]!;
    }
  }
  return rows.map((row, i) => row[n]! / row[i]!);
}
