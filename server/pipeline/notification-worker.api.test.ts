import { startTestServer, type TestServer } from '../../testing/test-server';
import {
  LAB_FEED_EXPIRY,
  LAB_FEED_EXPIRY_CRON,
  NOTIFICATION_TICK,
  NOTIFICATION_TICK_CRON,
} from './queue';

/**
 * The notification tick is scheduled in the database (pg-boss), so however many processes share
 * it, one job a minute is queued and one worker takes it. Test servers leave it unscheduled and
 * run the tick with their own clock.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ periodicJobs: true });
}, 120_000);
afterAll(() => server.stop());

const schedules = () =>
  server.ctx.db.query(`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`);

it('schedules the tick every minute and the lab feed expiry daily, once each, however often a worker starts', async () => {
  expect(await schedules()).toEqual([
    { name: LAB_FEED_EXPIRY, cron: LAB_FEED_EXPIRY_CRON, timezone: 'UTC' },
    { name: NOTIFICATION_TICK, cron: NOTIFICATION_TICK_CRON, timezone: 'UTC' },
  ]);
  // A second worker process on the same database schedules the same rows, not others.
  await server.ctx.queue.scheduleNotificationTick();
  await server.ctx.queue.scheduleLabFeedExpiry();
  expect(await schedules()).toHaveLength(2);
});
