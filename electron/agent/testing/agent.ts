import { DEMO_PASSWORD } from '../../../server/demo/seed';
import type { TestServer } from '../../../testing/test-server';
import { DirectoryDriveSource } from '../drive-source';
import { removeDrives } from './drives';
import { ServerClient } from '../server-client';
import { VialAgent, type VialAgentOptions } from '../vial-agent';

export const FAST_RETRY = { retries: 4, baseDelayMs: 20, maxDelayMs: 200 };

export interface AgentSetup extends Partial<Omit<VialAgentOptions, 'source' | 'client'>> {
  email?: string;
  /** Another address for the same server (a proxy in front of it). */
  url?: string;
}

/** An agent signed in as a demo user, following the given directories every 50 ms. */
export async function startAgent(server: TestServer, dirs: string[], setup: AgentSetup = {}) {
  const { email = 'member@example.org', url = server.url, ...options } = setup;
  const client = await ServerClient.login(url, email, DEMO_PASSWORD);
  const agent = new VialAgent({
    source: new DirectoryDriveSource(dirs, 50),
    client,
    retry: FAST_RETRY,
    settleMs: 50,
    ...options,
  });
  await agent.start();
  return agent;
}

/**
 * For a test file: `agentOn(dirs)` starts an agent on the file's server; every agent started
 * (or passed to `track`) is stopped, and the copied drives removed, after each test.
 */
export function agentsPerTest(getServer: () => TestServer) {
  const agents: VialAgent[] = [];
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.stop()));
    removeDrives();
  });
  const track = (agent: VialAgent) => {
    agents.push(agent);
    return agent;
  };
  const agentOn = async (dirs: string[], setup: AgentSetup = {}) =>
    track(await startAgent(getServer(), dirs, setup));
  return { agentOn, track };
}

/** Resolves once `check` holds for the agent's list (checked on every change and every 50 ms). */
export async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('Timed out waiting for the vial agent');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
