import { FONT_FAMILY } from '../../shell/theme-tokens';

/** The name every chart of the app is drawn with (see echarts.ts). */
export const CHART_THEME = 'vialqc';

/** Series colours in order: the app's teal first, then colours that stay apart for colour-blind eyes. */
export const CHART_COLORS = [
  '#1F7A7A',
  '#B45309',
  '#34506B',
  '#7B1FA2',
  '#2E7D32',
  '#C62828',
  '#0277BD',
  '#6D4C41',
];

/** Meaningful colours shared by the charts: bands, reference lines, highlights. */
export const CHART_TONES = {
  text: '#1B2A2F',
  muted: '#4A5A60',
  axis: '#8A999E',
  grid: '#E3E9EA',
  /** Rejection below 3%, a controlled temperature range. */
  good: '#2E7D32',
  /** Rejection above 15%, an excursion. */
  warning: '#B45309',
  bad: '#C62828',
  reference: '#34506B',
  highlight: '#F2A900',
} as const;

const axis = {
  axisLine: { show: true, lineStyle: { color: CHART_TONES.axis } },
  axisTick: { show: true, lineStyle: { color: CHART_TONES.axis } },
  axisLabel: { color: CHART_TONES.muted },
  splitLine: { show: true, lineStyle: { color: CHART_TONES.grid } },
  nameTextStyle: { color: CHART_TONES.muted, fontWeight: 600 },
};

export const chartTheme = {
  color: CHART_COLORS,
  backgroundColor: 'transparent',
  textStyle: { fontFamily: FONT_FAMILY },
  title: { textStyle: { color: CHART_TONES.text, fontSize: 14, fontWeight: 600 } },
  legend: { textStyle: { color: CHART_TONES.text } },
  tooltip: {
    backgroundColor: 'rgba(255,255,255,0.97)',
    borderColor: CHART_TONES.axis,
    textStyle: { color: CHART_TONES.text },
  },
  valueAxis: axis,
  timeAxis: { ...axis, splitLine: { show: false } },
  categoryAxis: { ...axis, splitLine: { show: false } },
  line: { symbol: 'none', lineStyle: { width: 1.5 } },
  dataZoom: { borderColor: CHART_TONES.grid, textStyle: { color: CHART_TONES.muted } },
};
