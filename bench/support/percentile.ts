/** The nearest-rank percentile of ascending `sorted` at `share` (0.5 for the median, 0.99 for p99); NaN when empty. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1))]!;
}
