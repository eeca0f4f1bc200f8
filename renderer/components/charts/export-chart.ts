import { echarts, type EChartsType } from './echarts';
import { CHART_THEME } from './theme';

export const EXPORT_FORMATS = ['png', 'svg'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Saves a file the browser way: a link with `download`, clicked once. */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * The chart drawn again by the SVG renderer, off screen: the on-screen chart stays on canvas
 * (fast with thousands of points) and svg is still a real vector file.
 */
function toSvg(chart: EChartsType): string {
  const svgChart = echarts.init(null, CHART_THEME, {
    renderer: 'svg',
    ssr: true,
    width: chart.getWidth(),
    height: chart.getHeight(),
  });
  try {
    svgChart.setOption({ ...chart.getOption(), animation: false });
    return svgChart.renderToSVGString();
  } finally {
    svgChart.dispose();
  }
}

/**
 * Downloads what the chart shows as `{baseName}.png` (the default, twice the screen's pixels on
 * white) or `{baseName}.svg`.
 */
export function exportChart(chart: EChartsType, baseName: string, format: ExportFormat = 'png') {
  const fileName = `${baseName}.${format}`;
  if (format === 'png') {
    const url = chart.getDataURL({
      type: 'png',
      pixelRatio: 2,
      backgroundColor: '#FFFFFF',
      excludeComponents: ['dataZoom'],
    });
    downloadUrl(url, fileName);
    return;
  }
  const blobUrl = URL.createObjectURL(new Blob([toSvg(chart)], { type: 'image/svg+xml' }));
  downloadUrl(blobUrl, fileName);
  // The click has handed the blob to the download; release it once the browser has it.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
}
