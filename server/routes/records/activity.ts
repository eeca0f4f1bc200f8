import type { RecordActivity } from '../../../shared/api/record-activity';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Institute } from '../../entities/institute';
import { TransitRecord } from '../../entities/record';
import { notFound } from '../../http/errors';
import { authorize } from '../../policy/policy';

/**
 * Records per day over the last `days` days (today included), the days being the institute's
 * local calendar days. The database counts them: a year of records is never fetched. Hidden
 * records are left out for everyone, staff too, as the dashboard opens the list with hidden=false;
 * excluded records still travelled, so they count.
 */
export async function recordActivity(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  days: number,
): Promise<RecordActivity> {
  authorize(user, 'read', instituteId);
  const institute = await ctx.db.getRepository(Institute).findOneBy({ id: instituteId });
  if (!institute) throw notFound();
  const localToday = `date_trunc('day', now() AT TIME ZONE :tz)`;
  const rows: { day: string; count: number }[] = await ctx.db
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .select(`to_char(date_trunc('day', r.date AT TIME ZONE :tz), 'YYYY-MM-DD')`, 'day')
    .addSelect('count(*)::int', 'count')
    .where('r.institute_id = :instituteId AND r.hidden = false', { instituteId })
    .andWhere(`r.date >= (${localToday} - make_interval(days => :back)) AT TIME ZONE :tz`)
    .andWhere(`r.date < (${localToday} + interval '1 day') AT TIME ZONE :tz`)
    .setParameters({ tz: institute.timezone, back: days - 1 })
    .groupBy('day')
    .orderBy('day')
    .getRawMany();
  return { timezone: institute.timezone, days: rows.map((r) => ({ date: r.day, count: r.count })) };
}
