import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where vials may appear. The agent asks for the volumes present now whenever a source says
 * they may have changed, and finds the vials among them itself.
 */
export interface DriveSource {
  /** Mount points of the volumes present now. */
  volumes(): Promise<string[]>;
  /** `listener` is called whenever the volumes may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

const POLL_MS = 3000;

function every(ms: number, listener: () => void): () => void {
  const timer = setInterval(listener, ms);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** Given directories that stand for vial drives (the CLI's --drive, the tests). */
export class DirectoryDriveSource implements DriveSource {
  private readonly dirs: string[];

  constructor(
    dirs: string[],
    private readonly pollMs = POLL_MS,
  ) {
    this.dirs = dirs.map((dir) => path.resolve(dir));
  }

  async volumes(): Promise<string[]> {
    const present = await Promise.all(
      this.dirs.map(async (dir) =>
        (await stat(dir).catch(() => null))?.isDirectory() ? dir : null,
      ),
    );
    return present.filter((dir): dir is string => dir !== null);
  }

  subscribe(listener: () => void): () => void {
    return every(this.pollMs, listener);
  }
}

interface UsbDetection {
  startMonitoring(): void;
  stopMonitoring(): void;
  on(event: 'change', listener: () => void): void;
  removeListener(event: 'change', listener: () => void): void;
}

/** usb-detection is a native module that may not have been built (it needs libudev). */
function loadUsbDetection(): UsbDetection | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('usb-detection') as UsbDetection;
  } catch {
    return null;
  }
}

/** A volume is mounted a moment after its device attaches: look again a few times. */
const AFTER_USB_EVENT_MS = [500, 1500, 4000];

/** The machine's mounted volumes (drivelist), re-listed on USB events or every 3 s. */
export class DrivelistDriveSource implements DriveSource {
  async volumes(): Promise<string[]> {
    const { list } = await import('drivelist');
    const drives = await list();
    // System disks never carry a vial; skipping them avoids reading the root of every disk.
    return drives.filter((d) => !d.isSystem).flatMap((d) => d.mountpoints.map((m) => m.path));
  }

  subscribe(listener: () => void): () => void {
    const usb = loadUsbDetection();
    if (!usb) return every(POLL_MS, listener);
    const timers = new Set<NodeJS.Timeout>();
    const onChange = () => {
      for (const ms of AFTER_USB_EVENT_MS) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          listener();
        }, ms);
        timers.add(timer);
      }
    };
    usb.startMonitoring();
    usb.on('change', onChange);
    return () => {
      usb.removeListener('change', onChange);
      usb.stopMonitoring();
      for (const timer of timers) clearTimeout(timer);
    };
  }
}
