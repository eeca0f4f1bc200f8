import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

/**
 * The encodings the renderer build is precompressed in, in the server's order of preference, and
 * the suffix of each variant beside its file (`assets/index-2W31v6Km.js.br`). The build writes
 * them (renderer/vite.config.ts), the server picks one by Accept-Encoding (static-files.ts).
 */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Text files compress well; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|wasm)$/i;

export const isCompressible = (file: string): boolean => COMPRESSIBLE.test(file);

const COMPRESS: Record<
  (typeof PRECOMPRESSED)[number]['encoding'],
  (bytes: Buffer) => Promise<Buffer>
> = {
  // Once at build time, so the slowest, smallest settings.
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
};

/** Every file below `dir`, as paths relative to it. */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * Writes a brotli and a gzip variant beside every compressible file below `dir`, each only when
 * it is smaller than the file (a tiny file gains nothing from the encoding's framing).
 */
export async function precompressFolder(dir: string): Promise<void> {
  const files = (await filesBelow(dir)).filter(isCompressible);
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.readFile(path.join(dir, file));
      for (const { encoding, suffix } of PRECOMPRESSED) {
        const packed = await COMPRESS[encoding](bytes);
        if (packed.length < bytes.length) await fs.writeFile(path.join(dir, file + suffix), packed);
      }
    }),
  );
}
