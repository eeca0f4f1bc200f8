import 'reflect-metadata';
import { benchHemolysisUpload } from './hemolysis-upload';
import { benchRecordEndpoints } from './record-endpoints';
import { benchVialProcessing } from './vial-processing';

/** `npm run bench`: each benchmark prints its own figures. */
async function main(): Promise<void> {
  await benchVialProcessing();
  await benchRecordEndpoints();
  await benchHemolysisUpload();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
