import type { z } from 'zod';
import { analyzerUpdate } from './analyzer';
import {
  calendarDate,
  CONTROL_MESSAGE,
  id,
  idList,
  idParam,
  instant,
  INT4_MAX,
  multilineText,
  MULTILINE_CONTROL_MESSAGE,
  NUL_MESSAGE,
  text,
} from './common';
import { commentBody } from './comments';
import { instituteCreate } from './institutes';
import { userCreate } from './users';
import { lineCreate } from './lines';
import { recordListQuery, recordPatch } from './records';
import { validationCreate } from './validations';

const messages = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('shared input primitives', () => {
  it('refuses NUL characters in text, naming them', () => {
    expect(text().safeParse('a\u0000b').error?.issues[0].message).toBe(NUL_MESSAGE);
    expect(text().trim().min(1).safeParse(' ok ').data).toBe('ok');
    expect(multilineText().safeParse('a\u0000b').error?.issues[0].message).toBe(NUL_MESSAGE);
  });

  it('refuses line breaks and control characters in single-line text', () => {
    // A name with CR/LF printed into the support e-mail forged header-like lines.
    for (const bad of [
      'Ann\r\nBcc: x@example.org',
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u001bb',
      'a\u0085b',
      'a\u2028b',
    ]) {
      expect(text().safeParse(bad).error?.issues[0].message).toBe(CONTROL_MESSAGE);
    }
    expect(text().safeParse('Åsa Öberg – Malmö').success).toBe(true);
    expect(messages(instituteCreate, { name: 'Lab\r\nX-Forged: 1' })).toContain(
      `name: ${CONTROL_MESSAGE}`,
    );
    expect(messages(userCreate, { first_name: 'A\nB' }).join()).toContain(CONTROL_MESSAGE);
  });

  it('lets the fields written in paragraphs keep their line breaks, nothing else', () => {
    expect(multilineText().safeParse('First line\r\n\tsecond').success).toBe(true);
    expect(multilineText().safeParse('a\u001bb').error?.issues[0].message).toBe(
      MULTILINE_CONTROL_MESSAGE,
    );
    expect(commentBody.safeParse({ comment: 'Seen twice.\nChecked the line.' }).success).toBe(true);
  });

  it('bounds ids to what an int4 column stores', () => {
    expect(id().safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [0, -1, INT4_MAX + 1, 1.5, 1e308, Number.NaN]) {
      expect(id().safeParse(bad).success).toBe(false);
    }
    expect(idParam.safeParse('2147483647').data).toBe(INT4_MAX);
    expect(idParam.safeParse('2147483648').success).toBe(false);
    expect(idList.safeParse('1,2').data).toEqual([1, 2]);
    expect(idList.safeParse('1,99999999999').success).toBe(false);
    expect(idList.safeParse(['3', '4']).data).toEqual([3, 4]);
  });

  it('bounds dates and timestamps to the years 1900–9999', () => {
    expect(calendarDate().safeParse('2024-02-29').success).toBe(true);
    expect(calendarDate().safeParse('2023-02-29').success).toBe(false);
    expect(calendarDate().safeParse('0001-01-01').success).toBe(false);
    expect(instant.safeParse('2024-05-01T10:00:00Z').data).toEqual(
      new Date('2024-05-01T10:00:00Z'),
    );
    for (const bad of ['-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z', '0000-01-01', 'now']) {
      expect(instant.safeParse(bad).success).toBe(false);
    }
  });
});

describe('schemas built on them', () => {
  it('refuse out-of-range ids in filters and bodies', () => {
    expect(messages(recordListQuery, { line: '2147483648' })[0]).toMatch(/^line: Expected an id/);
    expect(messages(recordListQuery, { labels: '99999999999' })).toHaveLength(1);
    expect(messages(recordListQuery, { labels: 'unlabeled,3' })).toEqual([]);
    expect(messages(recordPatch, { labels: [1, 99999999999] })[0]).toMatch(/^labels.1:/);
    expect(messages(recordListQuery, { upload_date__gte: '-271821-04-20T00:00:00Z' })).toHaveLength(
      1,
    );
    expect(messages(recordListQuery, { search: 'x' })).toEqual([]);
  });

  it('bound numbers and dates to the domain', () => {
    const analyzer = { ldh_threshold: 15, asat_threshold: 40, potassium_threshold: 1e308 };
    expect(messages(analyzerUpdate, analyzer)[0]).toMatch(/^potassium_threshold: Potassium/);
    expect(messages(lineCreate, { name: 'L1', length: 1e308 })[0]).toMatch(/^length: Length must/);
    const validation = { name: 'V', duration_days: 1, lines: [1] };
    expect(messages(validationCreate, { ...validation, start_date: '9999-12-31' })[0]).toMatch(
      /^start_date: Start Date must be/,
    );
    expect(messages(validationCreate, { ...validation, start_date: '2024-03-01' })).toEqual([]);
  });

  it('refuse NUL in every text field', () => {
    expect(messages(lineCreate, { name: 'L1', description: 'a\u0000' })).toEqual([
      `description: ${NUL_MESSAGE}`,
    ]);
  });
});
