/**
 * A small bar chart drawn by us in SVG (no library, no third-party request). It is a picture of
 * the table next to it: screen readers get its summary, the numbers are in the table. The SVG
 * scales with its box, so its labels are HTML under and over it: they keep their size on a phone,
 * where text inside a 600-unit drawing would shrink to a few pixels.
 */
export function BarChart({
  points,
  summary,
  height = 120,
}: {
  points: Array<{ label: string; value: number }>;
  summary: string;
  height?: number;
}) {
  const max = Math.max(1, ...points.map((point) => point.value));
  const width = 600;
  const gap = points.length > 60 ? 0 : 2;
  const barWidth = Math.max(1, width / Math.max(points.length, 1) - gap);
  return (
    <div className="text-primary" data-testid="bar-chart">
      <p className="text-right text-xs text-muted-foreground tabular-nums" aria-hidden="true">
        {max}
      </p>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="h-auto w-full">
        <title>{summary}</title>
        <line x1="0" y1={height} x2={width} y2={height} stroke="currentColor" strokeOpacity="0.3" />
        {points.map((point, index) => {
          const barHeight = (point.value / max) * (height - 4);
          return (
            <rect
              key={point.label}
              x={index * (barWidth + gap)}
              y={height - barHeight}
              width={barWidth}
              height={barHeight}
              fill="currentColor"
              rx={barWidth > 6 ? 2 : 0}
            >
              <title>{`${point.label}: ${point.value}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between gap-2 text-xs text-muted-foreground" aria-hidden="true">
        <span>{points[0]?.label}</span>
        <span>{points.at(-1)?.label}</span>
      </div>
    </div>
  );
}
