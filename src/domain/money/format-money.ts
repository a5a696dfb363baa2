const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Formats dollars as en-US USD in whole dollars ('$120,000'), rounding to the nearest dollar (halves toward +∞); non-finite input gives '—'. */
export function formatMoney(dollars: number): string {
  if (!Number.isFinite(dollars)) return '—';
  // Offers are already whole dollars (§5 floors them); cents would only add noise.
  const rounded = Math.round(dollars);
  // Math.round(-0.4) is -0, which Intl prints as '-$0'.
  return wholeDollars.format(rounded === 0 ? 0 : rounded);
}

/** Formats an offer range in whole dollars as '$120,000 - $135,000' (same rounding as formatMoney). */
export function formatMoneyRange(range: { low: number; high: number }): string {
  return `${formatMoney(range.low)} - ${formatMoney(range.high)}`;
}
