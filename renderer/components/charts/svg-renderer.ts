// Its own module, imported only by withSvgRenderer (echarts.ts): a dynamic import of
// 'echarts/renderers' itself would stay in the chunk that imports its canvas renderer statically.
export { SVGRenderer } from 'echarts/renderers';
