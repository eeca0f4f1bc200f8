import { useTestDatabaseClient } from '../../testing/database';

/**
 * The tallies the records triggers keep (migration RecordTallies) equal a fresh count after
 * every kind of write: inserts, review and processing, hiding, a changed date or institute,
 * deletes, a new time zone and a removed institute.
 */
describe('record tallies', () => {
  const db = useTestDatabaseClient();

  const tallies = async () => ({
    counts: (
      await db.pg.query(
        `SELECT institute_id, is_processed, is_reviewed, exclude, hidden, count FROM record_counts
         WHERE count <> 0 ORDER BY 1, 2, 3, 4, 5`,
      )
    ).rows,
    days: (
      await db.pg.query(
        `SELECT institute_id, to_char(day, 'YYYY-MM-DD') AS day, count FROM record_days
         WHERE count <> 0 ORDER BY institute_id, day`,
      )
    ).rows,
  });
  const counted = async () => ({
    counts: (
      await db.pg.query(
        `SELECT institute_id, is_processed, is_reviewed, exclude, hidden, count(*)::int AS count
         FROM records GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      )
    ).rows,
    days: (
      await db.pg.query(
        `SELECT r.institute_id, to_char((r.date AT TIME ZONE i.timezone)::date, 'YYYY-MM-DD') AS day,
                count(*)::int AS count
         FROM records r JOIN institutes i ON i.id = r.institute_id WHERE NOT r.hidden
         GROUP BY 1, 2 ORDER BY 1, 2`,
      )
    ).rows,
  });

  it('match a fresh count after each kind of write', async () => {
    const [a, b] = (
      await db.pg.query(
        `INSERT INTO institutes (name, timezone) VALUES ('A', 'Europe/London'), ('B', 'Asia/Kolkata')
         RETURNING id`,
      )
    ).rows.map((r) => r.id as number);
    const steps = [
      `INSERT INTO records (institute_id, date, sha256, file_size, is_processed, is_reviewed, hidden)
       SELECT CASE WHEN i % 3 = 0 THEN ${b} ELSE ${a} END,
              timestamptz '2026-03-28 20:00Z' + i * interval '37 minutes',
              md5(i::text) || md5(i::text), 1, i % 4 <> 0, i % 5 = 0, i % 11 = 0
       FROM generate_series(1, 300) i`,
      `UPDATE records SET is_processed = true WHERE id % 7 = 0`,
      `UPDATE records SET is_reviewed = true WHERE id % 2 = 0 AND is_processed`,
      `UPDATE records SET hidden = NOT hidden WHERE id % 13 = 0`,
      `UPDATE records SET date = date - interval '1 day' WHERE id % 9 = 0`,
      `UPDATE records SET institute_id = ${b} WHERE id % 17 = 0`,
      `UPDATE records SET exclude = true WHERE id % 3 = 0`,
      `DELETE FROM records WHERE id % 19 = 0`,
      `UPDATE institutes SET timezone = 'America/New_York' WHERE id = ${a}`,
      `DELETE FROM institutes WHERE id = ${b}`,
    ];
    for (const step of steps) {
      await db.pg.query(step);
      expect(await tallies()).toEqual(await counted());
    }
    expect(new Set((await counted()).counts.map((c) => c.institute_id)).size).toBe(1);
  });
});
