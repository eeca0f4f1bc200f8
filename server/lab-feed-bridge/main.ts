/**
 * `npm run feed`: the lab feed bridge (lab-feed.md section 1), a process of its own that runs
 * next to the LIS on the hospital network, takes HL7 v2 over MLLP and forwards each message to
 * VialQC over HTTPS. Configured by the environment only (config.ts); it writes nothing to disk:
 * a message stays the LIS's until an AA came back. Exit 2: a variable that does not fit; exit 1:
 * VialQC refused the token, or it cannot send.
 */
import { startBridge } from './bridge';
import { BridgeConfigError, readBridgeConfig, type BridgeConfig } from './config';
import { systemClock } from './forward';
import { startupRefusal } from './startup';

async function main(): Promise<void> {
  let config: BridgeConfig;
  try {
    config = readBridgeConfig(process.env);
  } catch (error) {
    if (!(error instanceof BridgeConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  const refusal = await startupRefusal(config, fetch);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const bridge = await startBridge({
    config,
    fetch,
    clock: systemClock,
    date: () => new Date(),
    log: (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
  });
  console.log(
    `VialQC lab feed bridge listening on ${config.host}:${bridge.address.port} for organization ${config.institute}, forwarding to ${config.server}`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the frames under way`);
    await bridge.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('The lab feed bridge stopped:', error instanceof Error ? error.message : error);
  process.exit(1);
});
