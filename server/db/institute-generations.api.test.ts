import { useTestDatabaseClient } from '../../testing/database';

/**
 * Every write to a table the records list shows raises the generation of the institute the rows
 * belong to, and of no other (migration InstituteGenerations): kept list answers rely on it.
 */
describe('institute generations', () => {
  const db = useTestDatabaseClient();
  let a: number, b: number;

  const generations = async () =>
    Object.fromEntries(
      (await db.pg.query('SELECT institute_id, generation FROM institute_generations')).rows.map(
        (r) => [r.institute_id as number, Number(r.generation)],
      ),
    );
  /** Which of a and b the statement raised. */
  const raisedBy = async (sql: string) => {
    const before = await generations();
    await db.pg.query(sql);
    const after = await generations();
    return [a, b].filter((id) => (after[id] ?? 0) !== (before[id] ?? 0));
  };
  const one = async (sql: string) => (await db.pg.query(sql)).rows[0].id as number;

  beforeAll(async () => {
    [a, b] = (
      await db.pg.query(
        `INSERT INTO institutes (name, timezone) VALUES ('A', 'UTC'), ('B', 'UTC') RETURNING id`,
      )
    ).rows.map((r) => r.id as number);
  });

  it("raises the written rows' institutes for each table the list reads", async () => {
    const record = await one(
      `INSERT INTO records (institute_id, date, sha256, file_size)
       VALUES (${a}, now(), repeat('a', 64), 1) RETURNING id`,
    );
    const line = await one(
      `INSERT INTO lines (name, institute_id) VALUES ('L', ${b}) RETURNING id`,
    );
    const label = await one(
      `INSERT INTO labels (label, institute_id) VALUES ('x', ${a}) RETURNING id`,
    );
    const validation = await one(
      `INSERT INTO validations (name, institute_id, start_date, duration_days)
       VALUES ('V', ${b}, '2026-01-01', 7) RETURNING id`,
    );
    // Each statement, and the institutes it must raise (a and b, in that order).
    const steps: [string, number[]][] = [
      [`UPDATE records SET is_reviewed = true WHERE id = ${record}`, [a]],
      [`UPDATE records SET institute_id = ${b} WHERE id = ${record}`, [a, b]],
      [`UPDATE records SET institute_id = ${a} WHERE id = ${record}`, [a, b]],
      [`UPDATE lines SET name = 'M' WHERE id = ${line}`, [b]],
      [`UPDATE labels SET color = '#000000' WHERE id = ${label}`, [a]],
      [`INSERT INTO record_labels (record_id, label_id) VALUES (${record}, ${label})`, [a]],
      [`DELETE FROM record_labels WHERE record_id = ${record}`, [a]],
      [
        `INSERT INTO clinical_data (institute_id, date, record_id)
         VALUES (${a}, '2026-01-02', ${record})`,
        [a],
      ],
      [`UPDATE validations SET baseline = true WHERE id = ${validation}`, [b]],
      [
        `INSERT INTO validation_lines (validation_id, line_id) VALUES (${validation}, ${line})`,
        [b],
      ],
      [`DELETE FROM validation_lines WHERE line_id = ${line}`, [b]],
      [`UPDATE institutes SET timezone = 'Europe/Paris' WHERE id = ${b}`, [b]],
      [`DELETE FROM clinical_data WHERE record_id = ${record}`, [a]],
      [`DELETE FROM records WHERE id = ${record}`, [a]],
    ];
    for (const [sql, raised] of steps) expect([sql, await raisedBy(sql)]).toEqual([sql, raised]);
  });

  it('raises nothing for a statement that writes no row, nor for a rolled-back one', async () => {
    expect(await raisedBy(`UPDATE records SET exclude = true WHERE id < 0`)).toEqual([]);
    expect(
      await raisedBy(`BEGIN; INSERT INTO lines (name, institute_id) VALUES ('R', ${a}); ROLLBACK`),
    ).toEqual([]);
  });

  it('raises each institute once per statement, however many rows', async () => {
    const before = await generations();
    await db.pg.query(
      `INSERT INTO records (institute_id, date, sha256, file_size)
       SELECT ${a}, now(), md5(i::text) || md5(i::text), 1 FROM generate_series(1, 50) i`,
    );
    expect((await generations())[a]).toBe((before[a] ?? 0) + 1);
  });
});
