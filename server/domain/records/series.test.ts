import { createHash } from 'node:crypto';
import { parseRun } from '../../../shared/vial/dat';
import {
  chartSeries,
  DEFAULT_MAX_POINTS,
  SERIES_KINDS,
  seriesOfKind,
} from '../../../shared/vial/series';
import { expected, readFixture } from '../../../shared/vial/testing/fixtures';
import { SERIES_FORMAT } from './series';

/** The SHA-256 of each kind's JSON answer for a fixture run, shortened. */
function answerDigests(fixture: string, maxPoints: number): Record<string, string> {
  const all = chartSeries(parseRun(readFixture(expected.records[fixture].file)), maxPoints);
  return Object.fromEntries(
    SERIES_KINDS.map((kind) => [
      kind,
      createHash('sha256')
        .update(JSON.stringify(seriesOfKind(all, kind)))
        .digest('hex')
        .slice(0, 16),
    ]),
  );
}

// Stored series and browsers' copies (the ETag names SERIES_FORMAT) are kept while the format
// stays: a change of shared/vial/series.ts that changes an answer must bump SERIES_FORMAT, and
// this golden test, which fails on any changed answer, is the reminder. Bump the format and
// take the new digests together.
it('pins the series answers to SERIES_FORMAT', () => {
  expect({
    format: SERIES_FORMAT,
    highRate: answerDigests('pts-1600hz', DEFAULT_MAX_POINTS),
    lowRate: answerDigests('pts-400hz', DEFAULT_MAX_POINTS),
    thinned: answerDigests('pts-typical', 200),
  }).toEqual({
    format: 1,
    highRate: {
      acceleration: 'cf180cce2a080ae6',
      auc: 'e6b78576e31b2d43',
      auc_225hz: '279db509406690f6',
      power: 'e1e973f5dac403ca',
      temperature: '9271d7e9658bbd94',
    },
    lowRate: {
      acceleration: '69bf70e73a9af550',
      auc: 'f39e1293c4758ca8',
      auc_225hz: 'f39e1293c4758ca8',
      power: 'a058d474bf5da2d8',
      temperature: '1b808c18b955574d',
    },
    thinned: {
      acceleration: '552e5df952d7bf04',
      auc: '973f18d3ff1ac0fc',
      auc_225hz: 'c48fd21c3853455e',
      power: 'f2a0669b57121798',
      temperature: 'deeae3c838c91074',
    },
  });
});
