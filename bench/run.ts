import { benchVialProcessing } from './vial-processing';

/** `npm run bench`: each benchmark prints its own figures. */
async function main(): Promise<void> {
  await benchVialProcessing();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
