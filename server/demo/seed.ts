import type { AppContext } from '../app-context';
import { hashPassword } from '../auth/passwords';
import { Institute } from '../entities/institute';
import { User } from '../entities/user';
import { recomputeRejection } from '../domain/rejection/service';
import type { Role } from '../../shared/domain/roles';
import { seedDemoBenchmarks } from './demo-benchmarks';
import { seedDemoClinical } from './demo-clinical';
import { seedDemoComparison } from './demo-comparison';
import { seedDemoLabFeed } from './demo-lab-feed';
import { seedDemoMonitoring } from './demo-monitoring';
import { seedDemoRecords } from './demo-records';
import { seedDemoValidations } from './demo-validations';

export const DEMO_PASSWORD = 'vialqc-demo';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  institutes: ('provider' | 'hospital' | 'courier')[];
}

/** The logins README.md lists; all share DEMO_PASSWORD. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'staff@example.org',
    firstName: 'Sam',
    lastName: 'Staff',
    role: 'staff',
    institutes: ['provider'],
  },
  {
    email: 'owner@example.org',
    firstName: 'Olivia',
    lastName: 'Owner',
    role: 'owner',
    institutes: ['hospital'],
  },
  {
    email: 'admin@example.org',
    firstName: 'Adam',
    lastName: 'Admin',
    role: 'admin',
    institutes: ['hospital', 'courier'],
  },
  {
    email: 'member@example.org',
    firstName: 'Maria',
    lastName: 'Member',
    role: 'member',
    institutes: ['hospital'],
  },
  {
    email: 'guest@example.org',
    firstName: 'Gus',
    lastName: 'Guest',
    role: 'guest',
    institutes: ['hospital'],
  },
];

/**
 * Fills an empty database with demo institutes and users (and, through `extraSeeds`, whatever
 * later features add: lines, records, validations). Does nothing when any institute exists.
 */
export async function seedDemoData(ctx: AppContext, level: 'full' | 'accounts'): Promise<boolean> {
  if ((await ctx.db.getRepository(Institute).count()) > 0) return false;
  ctx.log.info('Empty database: seeding demo data');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (manager) => {
    const institutes = manager.getRepository(Institute);
    const provider = await institutes.save(
      institutes.create({
        name: 'VialQC Provider',
        relationship: 'internal',
        subscription: 'none',
      }),
    );
    const hospital = await institutes.save(
      institutes.create({
        name: 'Northfield General Hospital',
        metadataType: 'pts',
        relationship: 'direct',
        subscription: 'annual',
        partnerId: 'NGH-001',
        customerSince: '2024-03-01',
        timezone: 'Europe/London',
        featureFlags: {
          monitoring: true,
          validation: true,
          troubleshooting: true,
          hemolysisTracking: true,
          clinicalData: true,
        },
      }),
    );
    const courier = await institutes.save(
      institutes.create({
        name: 'Lakeside Courier Services',
        metadataType: 'courier',
        relationship: 'partner_labquality',
        subscription: 'one_time',
        partnerId: 'LCS-014',
        customerSince: '2025-01-15',
        timezone: 'Europe/London',
      }),
    );
    const byKey = { provider, hospital, courier };
    const users = manager.getRepository(User);
    for (const u of DEMO_USERS) {
      const memberOf = u.institutes.map((k) => byKey[k]);
      await users.save(
        users.create({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role === 'staff' ? 'owner' : u.role,
          isStaff: u.role === 'staff',
          passwordHash,
          institutes: memberOf,
          defaultInstituteId: memberOf[0].id,
        }),
      );
    }
  });
  if (level === 'full') {
    await seedDemoRecords(ctx);
    await seedDemoValidations(ctx);
    await seedDemoClinical(ctx);
    // The hospital's stored rejections follow its model, now calibrated from the clinical data.
    await recomputeRejection(
      ctx,
      (
        await ctx.db
          .getRepository(Institute)
          .findOneByOrFail({ name: 'Northfield General Hospital' })
      ).id,
    );
    // Last, so the other lines, the clinical data and the model are as they were without it.
    await seedDemoMonitoring(ctx);
    // A comparison study on the roughest line, the monitored one's drift included.
    await seedDemoComparison(ctx);
    // Four peer hospitals taking part with the demo hospital: one quarter of peer benchmarks.
    await seedDemoBenchmarks(ctx);
    // Six weeks of the emergency line's results from the laboratory system (the lab feed).
    await seedDemoLabFeed(ctx);
    // Autovacuum gathers the planner's statistics a minute or more after a bulk fill; until then
    // it takes each table for nearly empty and sorts a whole institute's records for a page
    // instead of reading the date index (twice the database time of a records page).
    await ctx.db.query('ANALYZE');
  }
  return true;
}
