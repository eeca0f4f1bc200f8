import path from 'node:path';

/**
 * The previous release's installation, as `npm run release:snapshot` writes it when a release is
 * cut: backup/ (`npm run restore` reads it) and answers.json.
 */
export const RELEASE_DIR = path.resolve(__dirname, '../server/db/previous-release');

/** One answer of the release's API, as the demo member got it. */
export interface ReleaseAnswer {
  path: string;
  body: unknown;
}
