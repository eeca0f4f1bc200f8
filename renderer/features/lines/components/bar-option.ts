import { valueAxis } from '../../../components/charts/options';

/** One bar per line with its value on top, e.g. mean VitalMetric (g·s) or MKT (°C). */
export function barOption(
  categories: string[],
  values: number[],
  { name, unit, decimals }: { name: string; unit: string; decimals: number },
) {
  if (categories.length === 0) return null;
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => `${v.toFixed(decimals)} ${unit}`,
    },
    grid: { left: 72, right: 32, top: 32, bottom: categories.length > 12 ? 96 : 64 },
    dataZoom: categories.length > 12 ? [{ type: 'slider', bottom: 8, height: 18 }] : [],
    xAxis: {
      type: 'category',
      data: categories,
      // Long names on narrow charts: slanted and cut, the tooltip has them whole.
      axisLabel: {
        interval: 0,
        rotate: categories.length > 3 ? 25 : 0,
        width: 130,
        overflow: 'truncate',
      },
    },
    yAxis: valueAxis(name, unit, { min: 0, scale: false }),
    series: [
      {
        type: 'bar',
        name,
        data: values.map((v) => Number(v.toFixed(decimals))),
        label: { show: true, position: 'top', formatter: `{c} ${unit}` },
      },
    ],
  };
}
