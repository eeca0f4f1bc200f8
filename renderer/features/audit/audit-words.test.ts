import {
  changesWords,
  changeWords,
  entryWords,
  historyPath,
  objectNameWords,
  objectPath,
  zonedDateTime,
} from './audit-words';

describe('the audit trail in words', () => {
  it('says a change before → after, with the common fields named', () => {
    expect(changeWords('exclude', { before: false, after: true })).toBe('Excluded: No → Yes');
    expect(changeWords('ldh_threshold', { before: 15, after: 12 })).toBe('LDH threshold: 15 → 12');
    expect(changeWords('processing_error', { before: 'x', after: null })).toBe(
      'Processing error: x → —',
    );
  });

  it('keeps secrets to "changed" and names links added or removed', () => {
    expect(changeWords('password_hash', { changed: true })).toBe('Password: changed');
    const names = (field: string, value: unknown) =>
      field === 'labels' && value === 7 ? 'Fragile' : undefined;
    expect(changeWords('labels', { added: 7 }, names)).toBe('Labels: added Fragile');
    expect(changeWords('labels', { removed: 8 }, names)).toBe('Labels: removed 8');
  });

  it('says a creation, a deletion and a summary, and falls back to the column in words', () => {
    expect(changeWords('name', { after: 'Lab A' })).toBe('Name: Lab A');
    expect(changeWords('name', { before: 'Lab A' })).toBe('Name: was Lab A');
    expect(changeWords('records', 123)).toBe('Records: 123');
    expect(changeWords('outside_controlled_seconds', { before: 1, after: 2 })).toBe(
      'Outside controlled seconds: 1 → 2',
    );
    expect(changesWords({ id: { after: 3 }, name: { after: 'X' } })).toEqual(['Name: X']);
  });

  it("links an object's page while it has one, and its History always", () => {
    expect(objectPath('record', '12')).toBe('/record/12');
    expect(objectPath('session', '12')).toBeNull();
    expect(historyPath(2, 'line', '5')).toBe('/history/line/5?institute=2');
  });

  it("writes instants in the institute's time zone", () => {
    expect(zonedDateTime('2026-01-15T23:30:00Z', 'Europe/Berlin')).toBe('16 Jan 2026 00:30');
    expect(zonedDateTime('2026-01-15T23:30:00Z', 'UTC')).toBe('15 Jan 2026 23:30');
  });
});

describe('links and instants in words (issue 44)', () => {
  const names = (field: string, value: unknown) =>
    field === 'line_id' && value === 9
      ? 'Line Alpha'
      : field === 'closed_by_id' && value === 3
        ? 'member@example.org'
        : undefined;

  it('names a linked line or user, not its id, and drops the _id of a column', () => {
    expect(changeWords('line_id', { before: null, after: 9 }, names)).toBe('Line: — → Line Alpha');
    expect(changeWords('closed_by_id', { before: null, after: 3 }, names)).toBe(
      'Closed by: — → member@example.org',
    );
    expect(changeWords('closed_by_id', { after: 4 }, names)).toBe('Closed by: 4');
  });

  it('writes an instant of a change in the product date format, not microseconds', () => {
    expect(
      changeWords('closed_at', { before: null, after: '2026-01-15T23:30:00.123456+00:00' }),
    ).toMatch(/^Closed at: — → \d{2} Jan 2026 \d{2}:30$/);
  });
});

describe('entries in words (issue 44)', () => {
  const entry = {
    object_type: 'record',
    object_id: '12',
    object_name: null,
    action: 'updated',
    changes: { line_id: { before: 9, after: 10 } },
    names: { 'line_id:9': 'Line Alpha', 'line_id:10': 'Line Gone' },
  };

  it("names what an entry links with the entry's own names, deleted things too", () => {
    expect(entryWords(entry)).toEqual({
      action: 'Updated',
      changes: ['Line: Line Alpha → Line Gone'],
    });
  });

  it("says an analyzer's first save from the defaults it replaced, only what changed", () => {
    const created = {
      ...entry,
      object_type: 'analyzer',
      action: 'created',
      changes: {
        id: { after: 3 },
        institute_id: { after: 1 },
        make: { after: 'Sysmex' },
        ldh_threshold: { after: 12 },
        asat_threshold: { after: 40 },
        potassium_threshold: { after: 90 },
      },
    };
    expect(entryWords(created)).toEqual({
      action: 'Updated',
      changes: ['Make: — → Sysmex', 'LDH threshold: 15 → 12'],
    });
  });

  it('names an object by its name, else its id; the analyzer by its type', () => {
    expect(
      objectNameWords({ object_type: 'user', object_id: '4', object_name: 'gone@example.org' }),
    ).toBe('User gone@example.org');
    expect(objectNameWords({ object_type: 'record', object_id: '12', object_name: null })).toBe(
      'Record 12',
    );
    expect(objectNameWords({ object_type: 'analyzer', object_id: '3', object_name: null })).toBe(
      'Analyzer',
    );
  });
});
