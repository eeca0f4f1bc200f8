import { DifFormatError, formatDif, parseDif, type Dif } from './dif';

const dif: Dif = {
  label: 'VV 1007',
  uuid: '0b9c2d4e-1111-4111-8111-111111111111',
  generatedAt: '2026-03-01T10:00:00.000Z',
  rows: [
    {
      file_name: 'RUN, "odd".DAT',
      sequence: null,
      run_start: '2026-02-01T08:00:00.000Z',
      size_bytes: 1234,
      sha256: 'a'.repeat(64),
      record_id: 7,
      institute_id: 2,
      uploaded_at: '2026-02-02T09:00:00.000Z',
    },
    {
      file_name: 'RUN00002.DAT',
      sequence: 2,
      run_start: '2026-02-01T09:00:00.000Z',
      size_bytes: 99,
      sha256: 'b'.repeat(64),
      record_id: 8,
      institute_id: 2,
      uploaded_at: '2026-02-02T09:00:01.000Z',
    },
  ],
};

it('writes a comment line, the column names and one row per run, and reads them back', () => {
  const text = formatDif(dif);
  expect(text.split('\n').slice(0, 3)).toEqual([
    '# vial VV 1007 uuid 0b9c2d4e-1111-4111-8111-111111111111 generated 2026-03-01T10:00:00.000Z',
    'file_name,sequence,run_start,size_bytes,sha256,record_id,institute_id,uploaded_at',
    `"RUN, ""odd"".DAT",,2026-02-01T08:00:00.000Z,1234,${'a'.repeat(64)},7,2,2026-02-02T09:00:00.000Z`,
  ]);
  expect(parseDif(text)).toEqual(dif);
  expect(parseDif(text.replace(/\n/g, '\r\n'))).toEqual(dif);
  expect(parseDif(formatDif({ ...dif, uuid: null, rows: [] }))).toEqual({
    ...dif,
    uuid: null,
    rows: [],
  });
});

it('refuses what is not a DIF file', () => {
  expect(() => parseDif('a,b\n1,2\n')).toThrow(DifFormatError);
  expect(() => parseDif('# vial X uuid none generated 2026-01-01T00:00:00Z\na,b\n')).toThrow(
    'columns',
  );
});
