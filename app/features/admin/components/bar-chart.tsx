/**
 * A small bar chart drawn by us in SVG (no library, no third-party request). It is a picture of
 * the table next to it: screen readers get its summary, the numbers are in the table.
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
    <svg
      viewBox={`0 0 ${width} ${height + 16}`}
      role="img"
      aria-label={summary}
      className="h-auto w-full text-primary"
      data-testid="bar-chart"
    >
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
      <text x="0" y={height + 14} fontSize="11" fill="currentColor" fillOpacity="0.7">
        {points[0]?.label}
      </text>
      <text x={width} y={height + 14} fontSize="11" fill="currentColor" fillOpacity="0.7" textAnchor="end">
        {points.at(-1)?.label}
      </text>
      <text x={width} y="11" fontSize="11" fill="currentColor" fillOpacity="0.7" textAnchor="end">
        {max}
      </text>
    </svg>
  );
}
