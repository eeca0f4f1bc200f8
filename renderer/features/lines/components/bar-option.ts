import { categoryXAxis, valueAxis } from '../../../components/charts/options';

/** One bar per line with its value on top, e.g. mean VitalMetric (g·s) or MKT (°C). */
export function barOption(
  categories: string[],
  values: number[],
  { name, unit, decimals }: { name: string; unit: string; decimals: number },
) {
  if (categories.length === 0) return null;
  const { gridBottom, dataZoom, xAxis } = categoryXAxis(categories);
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => `${v.toFixed(decimals)} ${unit}`,
    },
    grid: { left: 72, right: 32, top: 32, bottom: gridBottom },
    dataZoom,
    xAxis,
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
