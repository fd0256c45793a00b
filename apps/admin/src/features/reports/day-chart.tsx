import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { SITE_TIME_ZONE, siteDayStart } from '@jetton/contract/site-time';
import 'uplot/dist/uPlot.min.css';
import styles from './reports-screen.module.css';

/** Series colours on the dark surface (each at least 3:1 against it), told apart by dash pattern too, never by colour alone. */
const PALETTE = ['#f5b93a', '#6ee2a8', '#8ab4ff', '#ff9a92', '#d9a8ff', '#f4f1ea'];
const DASHES: (number[] | undefined)[] = [undefined, [6, 4], [2, 3], [10, 3, 2, 3], [1, 5], [12, 6]];

export type ChartSeries = { label: string; values: number[] };

/**
 * A line chart of daily figures (uPlot, canvas). The canvas is one image to a
 * screen reader: the figure carries a label, and the table beside it holds the
 * same numbers for everyone (docs/reports.md; README, "Charts").
 */
export function DayChart({ days, series, label }: { days: string[]; series: ChartSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const xs = days.map((day) => siteDayStart(day).getTime() / 1000);
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), SITE_TIME_ZONE),
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        axes: [
          { stroke: '#b9b4a9', grid: { stroke: '#343a48' }, ticks: { stroke: '#343a48' } },
          { stroke: '#b9b4a9', grid: { stroke: '#343a48' }, ticks: { stroke: '#343a48' }, size: 70 },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: PALETTE[i % PALETTE.length],
            width: 2,
            ...(DASHES[i % DASHES.length] ? { dash: DASHES[i % DASHES.length] } : {}),
            points: { show: days.length <= 45 },
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: 240 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series]);
  return <figure ref={box} className={styles.chart} role="img" aria-label={label} />;
}
