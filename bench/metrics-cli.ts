import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { simulateRun } from '../shared/vial/simulate';
import { timed, type Figure, type Skipped } from './timing';

const FILES = 10;
const REPETITIONS = 3;

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    if (result.status === 0) resolve();
    else reject(new Error(`${command} exited with ${result.status}`));
  });
}

async function medianMs(command: string, args: string[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPETITIONS; i++) times.push((await timed(() => run(command, args)))[1]);
  return times.sort((a, b) => a - b)[Math.floor(REPETITIONS / 2)];
}

function compiler(): string | null {
  for (const cc of ['cc', 'gcc', 'clang']) {
    if (spawnSync(cc, ['--version'], { stdio: 'ignore' }).status === 0) return cc;
  }
  return null;
}

/**
 * `npm run metrics` over ten one-hour 1 kHz runs in one call (the CLI as a user runs it, process
 * start included) against bench/metrics.c doing the same single pass over the same files.
 */
export async function benchMetricsCli(dir: string): Promise<Figure | Skipped> {
  const name = 'metrics of a one-hour 1 kHz run, 10 files, `npm run metrics` vs C';
  const bytes = simulateRun({ sampleRate: 1000, idleSeconds: 30, transitSeconds: 3540, seed: 42 });
  const files = Array.from({ length: FILES }, (_, i) => path.join(dir, `RUN${i}.DAT`));
  for (const file of files) fs.writeFileSync(file, bytes);
  const cc = compiler();
  if (!cc) return { name, note: 'no C compiler (cc, gcc, clang) on this machine' };
  const binary = path.join(dir, 'metrics');
  execFileSync(cc, ['-O2', '-o', binary, path.join(__dirname, 'metrics.c'), '-lm']);

  // Same answers, or the comparison means nothing.
  const fromC = JSON.parse(execFileSync(binary, [files[0]]).toString());
  const root = path.join(__dirname, '..');
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const cli = path.join(root, 'shared', 'vial', 'cli', 'metrics.ts');
  const fromTs = JSON.parse(execFileSync(tsx, [cli, files[0]]).toString()).metrics;
  for (const key of ['auc', 'auc_225hz', 'power', 'maximum_acceleration'] as const) {
    if (Math.abs(fromC[key] - fromTs[key]) > 1e-9 * Math.abs(fromTs[key])) {
      throw new Error(`bench/metrics.c disagrees on ${key}: ${fromC[key]} vs ${fromTs[key]}`);
    }
  }
  const product = await medianMs('npm', ['run', '--silent', 'metrics', '--', ...files]);
  const baseline = await medianMs(binary, files);
  return {
    name,
    product: product / 1000,
    baseline: baseline / 1000,
    baselineName: `${cc} -O2`,
    unit: 's',
    target: 1.5,
    note: `${(bytes.length / 1e6).toFixed(1)} MB per file, median of ${REPETITIONS} calls`,
  };
}
