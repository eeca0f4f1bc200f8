import 'reflect-metadata';
import { benchRecordEndpoints } from './record-endpoints';
import { benchVialProcessing } from './vial-processing';

/** `npm run bench`: each benchmark prints its own figures. */
async function main(): Promise<void> {
  await benchVialProcessing();
  await benchRecordEndpoints();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
