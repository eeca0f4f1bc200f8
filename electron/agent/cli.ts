import { parseArgs } from 'node:util';
import { UPLOAD_STATUS_TEXT, type VialDrive } from '../../shared/ipc/vial-drive';
import { DirectoryDriveSource, DrivelistDriveSource, type DriveSource } from './drive-source';
import { runCheckDif } from './check-dif';
import { ServerClient } from './server-client';
import { VialAgent, type RoundResult } from './vial-agent';
import { freezePrototypes } from '../../shared/runtime/freeze-prototypes';

const USAGE = `Usage: npm run agent -- --server URL --email EMAIL --institute ID [--drive DIR ...] [--once]
       [--remove-duplicates] [--large-file-bytes N]
   or: npm run agent -- --server URL --institute ID [--drive DIR ...] [--once] ...  (with VIALQC_TOKEN)
   or: npm run agent -- --drive DIR --check-dif FILE
The password is read from the environment variable VIALQC_PASSWORD; or, instead of an e-mail and
a password, a personal access token (read-write, for the institute) from VIALQC_TOKEN.
Without --drive, the vials among the machine's mounted volumes are used.
--check-dif compares a returned vial's drive with the server's DIF file of it (no server needed)
and exits 1 when a run on the drive was never uploaded.`;

/** `--drive DIR --check-dif FILE`, or null when the command line asks for something else. */
export function parseCheckDif(argv: string[]): { drive: string; difFile: string } | null {
  if (!argv.includes('--check-dif')) return null;
  const { values } = parseArgs({
    args: argv,
    options: { drive: { type: 'string', multiple: true }, 'check-dif': { type: 'string' } },
  });
  if (values.drive?.length !== 1 || !values['check-dif']) throw new Error(USAGE);
  return { drive: values.drive[0], difFile: values['check-dif'] };
}

export interface CliOptions {
  server: string;
  /** E-mail and password, unless a personal access token is given. */
  email?: string;
  password?: string;
  /** A personal access token (VIALQC_TOKEN), used instead of e-mail and password. */
  token?: string;
  institute: number;
  drives: string[];
  once: boolean;
  removeDuplicates: boolean;
  largeFileBytes?: number;
}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      email: { type: 'string' },
      institute: { type: 'string' },
      drive: { type: 'string', multiple: true },
      once: { type: 'boolean', default: false },
      'remove-duplicates': { type: 'boolean', default: false },
      'large-file-bytes': { type: 'string' },
    },
  });
  const institute = Number(values.institute);
  const token = env.VIALQC_TOKEN || undefined;
  const password = env.VIALQC_PASSWORD;
  if (
    !values.server ||
    (!token && (!values.email || !password)) ||
    !Number.isInteger(institute) ||
    institute <= 0
  ) {
    throw new Error(USAGE);
  }
  const largeFileBytes = values['large-file-bytes']
    ? Number(values['large-file-bytes'])
    : undefined;
  return {
    server: values.server,
    ...(token ? { token } : { email: values.email, password }),
    institute,
    drives: values.drive ?? [],
    once: values.once,
    removeDuplicates: values['remove-duplicates'],
    largeFileBytes,
  };
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** One line per vial state, then its messages indented. */
export function describeVial(vial: VialDrive): string {
  const name = vial.label ?? vial.id;
  const runs = `${vial.datFiles.length} run${vial.datFiles.length === 1 ? '' : 's'}, ${megabytes(vial.totalSize)}`;
  const lines = [`${name}: ${UPLOAD_STATUS_TEXT[vial.status]} (${runs}) at ${vial.id}`];
  for (const m of vial.messages) lines.push(`  ! ${m.text}${m.file ? ` [${m.file}]` : ''}`);
  return lines.join('\n');
}

/** Prints what changed, never the same state twice, and progress in 10 % steps. */
function reporter(print: (line: string) => void) {
  const shown = new Map<string, string>();
  const shownPercent = new Map<string, number>();
  return {
    vials(vials: VialDrive[]) {
      for (const vial of vials) {
        const text = describeVial(vial);
        if (shown.get(vial.id) === text) continue;
        shown.set(vial.id, text);
        print(text);
      }
    },
    progress(vial: VialDrive | undefined, uploaded: number, total: number, file: string | null) {
      if (!vial || total === 0) return;
      const percent = Math.floor((100 * uploaded) / total / 10) * 10;
      if (shownPercent.get(vial.id) === percent) return;
      shownPercent.set(vial.id, percent);
      print(
        `${vial.label}: Uploading ${percent}% (${megabytes(uploaded)} of ${megabytes(total)})${file ? ` ${file}` : ''}`,
      );
    },
  };
}

/** Every run of the vial is on the server (uploaded now, or kept though already stored). */
const fullyUploaded = (vial: VialDrive | undefined, result: RoundResult | undefined) =>
  vial !== undefined &&
  vial.status !== 'error' &&
  result !== undefined &&
  result.remaining.length === 0 &&
  vial.datFiles.every((f) => result.duplicates.includes(f.path));

const canUpload = (vial: VialDrive) =>
  vial.status === 'ready' && vial.registered !== false && !vial.endOfLife;

/** A client with the token given, or signed in with the e-mail and password. */
function signIn(options: CliOptions): Promise<ServerClient> {
  if (options.token) return Promise.resolve(ServerClient.withToken(options.server, options.token));
  if (!options.email || !options.password) return Promise.reject(new Error(USAGE));
  return ServerClient.login(options.server, options.email, options.password);
}

/**
 * Runs the agent headless. With `once`, handles the vials present now and resolves with the exit
 * code: 0 when every run went up, 1 otherwise. Without, keeps uploading vials as they appear.
 */
export async function runCli(
  options: CliOptions,
  print: (line: string) => void = console.log,
  source: DriveSource = options.drives.length
    ? new DirectoryDriveSource(options.drives)
    : new DrivelistDriveSource(),
): Promise<number> {
  const client = await signIn(options);
  const agent = new VialAgent({
    source,
    client,
    removeDuplicates: options.removeDuplicates,
    largeFileBytes: options.largeFileBytes,
    log: {
      info: () => undefined,
      error: (m, e) => print(`error: ${m}${e instanceof Error ? `: ${e.message}` : ''}`),
    },
  });
  const report = reporter(print);
  const vialById = (id: string) => agent.list().find((v) => v.id === id);
  agent.on('changed', (vials) => report.vials(vials));
  agent.on('progress', (p) =>
    report.progress(vialById(p.vial), p.uploadedBytes, p.totalBytes, p.file),
  );

  if (options.once) {
    await agent.start();
    const vials = agent.list();
    if (vials.length === 0) print('No vial connected.');
    const results = new Map<string, RoundResult>();
    for (const vial of vials) {
      if (vial.datFiles.length > 0 || vial.status === 'error') {
        results.set(vial.id, await agent.upload(vial.id, options.institute));
      }
    }
    const after = agent.list();
    await agent.stop();
    const ok = vials.every(
      (v) =>
        (v.datFiles.length === 0 && v.status !== 'error') ||
        fullyUploaded(
          after.find((a) => a.id === v.id),
          results.get(v.id),
        ),
    );
    print(ok ? 'Every run was uploaded.' : 'Some runs were not uploaded.');
    return ok ? 0 : 1;
  }

  // Each vial is tried once per connection; it is tried again when plugged in again.
  const tried = new Set<string>();
  agent.on('changed', (vials) => {
    for (const id of tried) if (!vials.some((v) => v.id === id)) tried.delete(id);
    for (const vial of vials.filter((v) => canUpload(v) && !tried.has(v.id))) {
      tried.add(vial.id);
      void agent.upload(vial.id, options.institute);
    }
  });
  await agent.start();
  print('Watching for vials; press Ctrl+C to stop.');
  await new Promise<void>((resolve) => process.once('SIGINT', resolve));
  await agent.stop();
  return 0;
}

if (require.main === module) {
  freezePrototypes();
  const argv = process.argv.slice(2);
  let run: () => Promise<number>;
  // An unreadable drive or DIF file is not an answer about the runs: 2, like a usage error.
  let failureCode = 1;
  try {
    const check = parseCheckDif(argv);
    if (check) {
      run = () => runCheckDif(check.drive, check.difFile);
      failureCode = 2;
    } else {
      const options = parseCli(argv, process.env);
      run = () => runCli(options);
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  run().then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(failureCode);
    },
  );
}
