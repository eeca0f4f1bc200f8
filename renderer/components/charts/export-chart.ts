import { echarts, withSvgRenderer, type EChartsType } from './echarts';
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
async function toSvg(chart: EChartsType): Promise<string> {
  // What the chart shows at the click, read before the renderer loads.
  const option = { ...chart.getOption(), animation: false };
  const size = { width: chart.getWidth(), height: chart.getHeight() };
  await withSvgRenderer();
  const svgChart = echarts.init(null, CHART_THEME, { renderer: 'svg', ssr: true, ...size });
  try {
    svgChart.setOption(option);
    return svgChart.renderToSVGString();
  } finally {
    svgChart.dispose();
  }
}

/**
 * Downloads what the chart shows as `{baseName}.png` (the default, twice the screen's pixels on
 * white) or `{baseName}.svg`.
 */
export async function exportChart(
  chart: EChartsType,
  baseName: string,
  format: ExportFormat = 'png',
): Promise<void> {
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
  const svg = await toSvg(chart);
  const blobUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  downloadUrl(blobUrl, fileName);
  // The click has handed the blob to the download; release it once the browser has it.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
}
