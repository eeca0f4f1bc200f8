/**
 * The vial data contract (vial-data.md) for the server, the desktop agent and tests. Browser code
 * imports series.ts and statistics.ts directly: the rest uses Node built-ins (zlib, fs).
 */
export * from './errors';
export * from './tag';
export * from './dat';
export * from './lowpass';
export * from './acceleration';
export * from './metrics';
export * from './measure';
export * from './record-metrics';
export * from './temperature';
export * from './series';
export * from './statistics';
export * from './simulate';
