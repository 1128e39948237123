import { Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useLocaleNumber } from '../../i18n/use-locale-number';
import { labelPlacement, labelStep, niceMax } from './chart-scale';

type BarSeries = { key: string; label: string; color: string; values: readonly number[] };
type LineSeries = {
  label: string;
  color: string;
  values: readonly (number | null)[];
  max: number;
  /** Written after each value of its scale ('★' for a rating). */
  unit?: string;
};

type BarChartProps = {
  /** One label per group of bars (a week, a day), oldest first. */
  labels: readonly string[];
  /** Every n-th label at least is written, ending on the latest (3 by default); more are left out when the chart is too narrow for them. */
  labelEvery?: number;
  bars: readonly BarSeries[];
  /** An optional line on its own right-hand scale (e.g. average rating 0-5). */
  line?: LineSeries;
  /** What the chart shows, in words: its accessible name. */
  summary: string;
};

/** The drawing's width before the box has been measured (and where nothing measures, as in tests). */
const unmeasuredWidth = 600;
const height = 240;
const top = 12;
const bottom = 204;
const left = 36;

/** A small SVG bar chart (plus optional line); screen readers get `summary` instead of the drawing. */
export function BarChart({ labels, labelEvery = 3, bars, line, summary }: BarChartProps) {
  const formatNumber = useLocaleNumber();
  // Drawn at the width it is shown at, one unit a pixel, so its text is as large on a phone as on a
  // desk: a 600-unit drawing scaled into a 300 px card wrote 6-7 px text.
  const { ref, width: measuredWidth } = useElementSize<HTMLDivElement>();
  const width = measuredWidth > 0 ? Math.round(measuredWidth) : unmeasuredWidth;
  // Ticks read as the language writes numbers (10.000, 4,5), to one decimal.
  const formatTick = (value: number) => formatNumber(Math.round(value * 10) / 10);
  const right = line ? width - 36 : width - 8;
  const max = niceMax(Math.max(0, ...bars.flatMap((s) => s.values)));
  const groupWidth = (right - left) / Math.max(1, labels.length);
  const barWidth = (groupWidth * 0.7) / Math.max(1, bars.length);
  const every = labelStep(labels, groupWidth, labelEvery);
  const y = (value: number, scaleMax: number) => bottom - (value / scaleMax) * (bottom - top);
  const ticks = [0, max / 2, max];
  const linePoints = line
    ? line.values
        .map((value, i) => (value === null ? null : `${left + groupWidth * (i + 0.5)},${y(value, line.max)}`))
        .filter((point): point is string => point !== null)
    : [];

  return (
    <Box ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        role="img"
        aria-label={summary}
        // Its height is fixed, so the page does not move when the width is measured and it is drawn again.
        style={{ display: 'block' }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={left} x2={right} y1={y(tick, max)} y2={y(tick, max)} stroke="#dee2e6" />
            <text x={left - 6} y={y(tick, max) + 4} textAnchor="end" fontSize="12" fill="#5c636a">
              {formatTick(tick)}
            </text>
          </g>
        ))}
        {/* The line's own scale on the right, on the same gridlines (0, half, max), marked with its unit. */}
        {line
          ? ticks.map((tick) => {
              const value = (tick / max) * line.max;
              return (
                <text
                  key={`line-${tick}`}
                  data-axis="line"
                  x={right + 6}
                  y={y(tick, max) + 4}
                  fontSize="12"
                  fill={line.color}
                >
                  {`${formatTick(value)}${line.unit ?? ''}`}
                </text>
              );
            })
          : null}
        {labels.map((label, i) => {
          const groupX = left + groupWidth * i + groupWidth * 0.15;
          return (
            // A year-long range can label two groups alike (10 Mar of two years): a group is its position.
            // biome-ignore lint/suspicious/noArrayIndexKey: the groups are positions on the axis, in order.
            <g key={i}>
              {bars.map((series, s) => {
                const value = series.values[i] ?? 0;
                return (
                  <rect
                    key={series.key}
                    x={groupX + barWidth * s}
                    y={y(value, max)}
                    width={Math.max(1, barWidth - 2)}
                    height={bottom - y(value, max)}
                    rx={2}
                    fill={series.color}
                  />
                );
              })}
              {(labels.length - 1 - i) % every === 0 ? (
                <AxisLabel label={label} x={left + groupWidth * (i + 0.5)} width={width} />
              ) : null}
            </g>
          );
        })}
        {line && linePoints.length > 0 ? (
          <>
            <polyline points={linePoints.join(' ')} fill="none" stroke={line.color} strokeWidth={2.5} />
            {linePoints.map((point) => {
              const [cx, cy] = point.split(',');
              return <circle key={point} cx={cx} cy={cy} r={4} fill={line.color} />;
            })}
          </>
        ) : null}
      </svg>
      <Group gap="md" mt={4} aria-hidden="true">
        {bars.map((series) => (
          <Legend key={series.key} color={series.color} label={series.label} />
        ))}
        {line ? <Legend color={line.color} label={line.label} isLine /> : null}
      </Group>
    </Box>
  );
}

function AxisLabel({ label, x, width }: { label: string; x: number; width: number }) {
  const placed = labelPlacement(label, x, width);
  return (
    <text x={placed.x} y={bottom + 20} textAnchor={placed.anchor} fontSize="13" fill="#5c636a">
      {label}
    </text>
  );
}

function Legend({ color, label, isLine = false }: { color: string; label: string; isLine?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={14} h={isLine ? 3 : 10} style={{ background: color, borderRadius: 2 }} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
