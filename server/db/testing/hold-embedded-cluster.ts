import { startEmbeddedPostgres } from '../embedded-postgres';

/**
 * Starts an embedded cluster in the folder given as the first argument, prints `ready <url>` and
 * keeps running: SIGTERM stops the cluster and exits, SIGKILL leaves the cluster orphaned, as a
 * server process killed outright would.
 */
startEmbeddedPostgres(process.argv[2]).then(
  (cluster) => {
    console.log(`ready ${cluster.url()}`);
    process.once('SIGTERM', () => void cluster.stop().then(() => process.exit(0)));
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
