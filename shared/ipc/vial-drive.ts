/**
 * What the desktop app knows about a connected vial drive (administration.md sections 3, 4 and
 * 8). Built by the vial agent in the main process, shown by the renderer's Vials drawer.
 */

/** Upload states of a vial; `no_data` is a vial with nothing to upload. */
export const UPLOAD_STATUSES = ['no_data', 'ready', 'uploading', 'complete', 'error'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export const UPLOAD_STATUS_TEXT: Record<UploadStatus, string> = {
  no_data: 'No Data',
  ready: 'Ready to Upload',
  uploading: 'Uploading',
  complete: 'Upload Complete',
  error: 'Upload Error',
};

export type VialMessageKind =
  | 'corrupted'
  | 'not_configured'
  | 'end_of_life'
  | 'not_registered'
  | 'permission'
  | 'server'
  | 'connection'
  | 'records_remain'
  | 'large_file'
  | 'duplicate';

/** What the user can do about a message: remove the file it names, or dismiss it. */
export type VialMessageAction = 'remove-file' | 'dismiss';

export interface VialMessage {
  /** Stable within a vial: the same problem keeps its id, so a dismissal sticks. */
  id: string;
  kind: VialMessageKind;
  text: string;
  /** The run file the message is about (relative to the vial's root), when it is about one. */
  file?: string;
  actions: VialMessageAction[];
}

export interface VialRunFile {
  /** Path relative to the vial's root, with forward slashes, e.g. `DATA/RUN00001.DAT`. */
  path: string;
  size: number;
}

export interface UploadProgress {
  vial: string;
  uploadedBytes: number;
  totalBytes: number;
  /** The run being sent now. */
  file: string | null;
}

export interface VialDrive {
  /** The volume's mount point: what identifies a connected vial between calls. */
  id: string;
  /** The serial from the tag (e.g. `VV-1007`); null when the tag cannot be read. */
  label: string | null;
  uuid: string | null;
  datFiles: VialRunFile[];
  totalSize: number;
  /** The vial was retired by the provider (`is_deleted`). */
  endOfLife: boolean;
  /** null while unknown (not checked yet, or the server could not be reached). */
  registered: boolean | null;
  status: UploadStatus;
  progress: UploadProgress | null;
  messages: VialMessage[];
  /** Unix seconds of the last complete sync written into the tag; 0 = never. */
  lastSyncSeconds: number;
}

/** The user-facing texts of administration.md section 8, word for word. */
export const VIAL_MESSAGES = {
  corrupted:
    'One or more vials has been corrupted or is not properly configured. Please unplug the vial and contact support.',
  notConfigured:
    'A VitalVial is not properly configured. Please unplug the vial and contact support.',
  endOfLife: (label: string) =>
    `${label} is no longer supported and should be returned to the provider.`,
  notRegistered: (label: string) => `${label} is not registered, please contact the provider.`,
  permission: 'Upload Error: Permission issue, Please contact the provider',
  recordsRemain: (vial: string) => `Upload Error: Some records still remain on ${vial}`,
  largeFile: (vial: string) =>
    `You have a large file on ${vial} that cannot be uploaded. Would you like to remove it from the device?`,
  connection:
    'Connection Interrupted – Please check your internet connection or wait while we try to reconnect.',
  /** Not worded by the spec: the backup the server reports for content it already holds. */
  duplicate: (file: string) =>
    `${file} is already backed up. Would you like to remove it from the device?`,
} as const;
