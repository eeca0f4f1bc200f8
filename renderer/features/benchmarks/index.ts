/** Peer benchmarking (peer-benchmarking.md section 9): the switch, /benchmarks and the overview. */
export { BenchmarkingSwitch } from './components/benchmarking-switch';
export { BenchmarksOverviewView } from './components/benchmarks-overview';
export { BenchmarksView } from './components/benchmarks-view';
