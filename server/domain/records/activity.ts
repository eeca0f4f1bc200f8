import type { DataSource } from 'typeorm';
import type { RecordActivity } from '../../../shared/api/record-activity';
import type { AuthUser } from '../../auth/auth-user';
import { zonedDay } from '../../../shared/domain/time-zone';
import { notFound } from '../errors';
import { findInstitute } from '../institutes/repository';
import { authorize } from '../policy';
import { recordsPerDay } from './repository';

/**
 * Records per day over the last `days` days (today included), the days being the institute's
 * local calendar days. Hidden records are left out for everyone, staff too, as the dashboard
 * opens the list with hidden=false; excluded records still travelled, so they count.
 */
export async function recordActivity(
  { db }: { db: DataSource },
  user: AuthUser,
  instituteId: number,
  days: number,
): Promise<RecordActivity> {
  authorize(user, 'read', instituteId);
  const institute = await findInstitute(db.manager, instituteId);
  if (!institute) throw notFound();
  const rows = await recordsPerDay(db.manager, instituteId, institute.timezone, days);
  return {
    timezone: institute.timezone,
    today: zonedDay(new Date(), institute.timezone),
    days: rows.map((r) => ({ date: r.day, count: r.count })),
  };
}
