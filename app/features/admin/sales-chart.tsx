import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { intlLocale, type Locale } from "../../../domain/locale.ts";
import { formatMoney } from "../../../domain/money.ts";

export type SalesChartProps = {
  /** Each point: when it starts (YYYY-MM-DD) and its sales and refunds in cents. */
  points: { start: string; salesCents: number; refundedCents: number }[];
  label: string;
  salesLabel: string;
  refundedLabel: string;
  locale: Locale;
  currency: string;
};

const HEIGHT = 240;

/**
 * The sales chart, drawn by uPlot (decision 052) in the page's own colours: it reads the theme's
 * custom properties when it draws, and draws again when the theme or the width changes. Loaded
 * only on the dashboard, after the page has hydrated; its figures are also in the table below it.
 */
export default function SalesChart({ points, label, salesLabel, refundedLabel, locale, currency }: SalesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const money = (cents: number) => formatMoney(Math.round(cents), currency, locale);
    const dates = new Intl.DateTimeFormat(intlLocale(locale), { month: "short", day: "numeric", timeZone: "UTC" });
    const day = (seconds: number) => dates.format(new Date(seconds * 1000));
    const data: uPlot.AlignedData = [
      points.map((point) => Date.parse(`${point.start}T12:00:00Z`) / 1000),
      points.map((point) => point.salesCents),
      points.map((point) => point.refundedCents),
    ];
    const draw = () => {
      const style = getComputedStyle(element);
      const colour = (name: string) => style.getPropertyValue(name).trim() || "currentColor";
      const axis = {
        stroke: colour("--text"),
        grid: { stroke: colour("--border"), width: 1 },
        ticks: { stroke: colour("--border") },
      };
      return new uPlot(
        {
          width: Math.max(element.clientWidth, 280),
          height: HEIGHT,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          series: [
            { value: (_plot, seconds) => (seconds == null ? "" : day(seconds)) },
            {
              label: salesLabel,
              stroke: colour("--accent"),
              width: 2,
              fill: `${colour("--accent")}22`,
              value: (_plot, cents) => (cents == null ? "" : money(cents)),
              points: { show: points.length < 60 },
            },
            {
              label: refundedLabel,
              stroke: colour("--danger"),
              width: 2,
              dash: [6, 4],
              value: (_plot, cents) => (cents == null ? "" : money(cents)),
              points: { show: points.length < 60 },
            },
          ],
          axes: [
            { ...axis, values: (_plot, ticks) => ticks.map((seconds) => day(seconds)) },
            { ...axis, size: 80, values: (_plot, ticks) => ticks.map((cents) => money(cents)) },
          ],
        },
        data,
        element,
      );
    };
    let plot = draw();
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }),
    );
    resize.observe(element);
    const redraw = () => {
      plot.destroy();
      plot = draw();
    };
    const theme = new MutationObserver(redraw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    // Until the visitor chooses, the colours follow the system's, which may change under the page.
    const system = window.matchMedia("(prefers-color-scheme: dark)");
    system.addEventListener("change", redraw);
    return () => {
      resize.disconnect();
      theme.disconnect();
      system.removeEventListener("change", redraw);
      plot.destroy();
    };
  }, [points, salesLabel, refundedLabel, locale, currency]);
  return <div ref={box} role="img" aria-label={label} className="sales-chart w-full overflow-hidden" />;
}
