import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
  /** The value as the reader reads it ('12', '$4,000'). */
  shown: string;
}

const ROW = 26;
const LABEL_WIDTH = 118;
const BAR_WIDTH = 150;

/**
 * Horizontal bars, drawn as SVG that scales to its box: a picture with its title, and a
 * description that says every bar's label and value, so a screen reader reads what the eye sees.
 */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const id = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const height = bars.length * ROW;
  return (
    <figure className="report-chart">
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${LABEL_WIDTH + BAR_WIDTH + 72} ${height}`}
        preserveAspectRatio="xMinYMin meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{bars.map((bar) => `${bar.label}: ${bar.shown}`).join('; ')}</desc>
        {bars.map((bar, index) => {
          const width = bar.value > 0 ? Math.max(2, (bar.value / max) * BAR_WIDTH) : 0;
          const y = index * ROW;
          return (
            <g key={bar.label}>
              <text x={0} y={y + ROW / 2} dominantBaseline="middle" className="report-chart-label">
                {bar.label}
              </text>
              <rect x={LABEL_WIDTH} y={y + 4} width={width} height={ROW - 8} rx={3} className="report-chart-bar" />
              <text
                x={LABEL_WIDTH + width + 6}
                y={y + ROW / 2}
                dominantBaseline="middle"
                className="report-chart-value"
              >
                {bar.shown}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
