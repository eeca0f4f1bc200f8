import { comparisonStudyCreate } from '../../../../shared/api/comparison-studies';
import { blandAltmanOption, scatterOption } from './plot-options';
import { emptyStudy, studyBody, typedCriterion, type StudyFormValues } from './study-form-model';
import { formFieldOf, studyResolver } from './study-resolver';
import { formatStudyDays } from './study-words';
import { verdictWords } from './verdict';

const filled = (): StudyFormValues => ({
  ...emptyStudy(),
  name: '  Tube potassium ',
  line_ids: [3, 4],
  date__gte: '2025-09-01',
  last_day: '2025-09-30',
  analytes: [
    {
      analyte: 'potassium',
      criterion: { ...emptyStudy().analytes[0].criterion, cvi: '4,8', cvg: '5.6' },
      decision_levels: '3.5, 5;6',
    },
  ],
});

describe('the study form', () => {
  it('sends the last day as the day after it, numbers parsed and only the criterion’s fields', () => {
    expect(studyBody(filled())).toEqual({
      name: 'Tube potassium',
      line_ids: [3, 4],
      date__gte: '2025-09-01',
      date__lt: '2025-10-01',
      labels: [],
      confidence: 0.95,
      error_ratio: 1,
      analytes: [
        {
          analyte: 'potassium',
          criterion: { type: 'biological_variation', cvi: 4.8, cvg: 5.6, level: 'desirable' },
          decision_levels: [3.5, 5, 6],
        },
      ],
    });
    expect(comparisonStudyCreate.safeParse(studyBody(filled())).success).toBe(true);
  });

  it('computes L only once every value of the criterion parses', () => {
    const criterion = filled().analytes[0].criterion;
    expect(typedCriterion({ ...criterion, cvg: '' })).toBeNull();
    expect(typedCriterion({ ...criterion, cvg: '5.' })).toEqual({
      type: 'biological_variation',
      cvi: 4.8,
      cvg: 5,
      level: 'desirable',
    });
  });

  it('puts the schema’s messages on the fields the user typed in', async () => {
    const result = await studyResolver(emptyStudy(), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toMatchObject({
      name: { message: 'A name is required.' },
      line_ids: { message: 'Choose at least one line.' },
      last_day: {},
    });
    expect(formFieldOf('analytes.0.decision_levels.3')).toBe('analytes.0.decision_levels');
    expect(formFieldOf('date__lt')).toBe('last_day');
  });
});

describe('the study’s words and plots', () => {
  it('shows the days the study covers, the last one included', () => {
    expect(formatStudyDays('2025-09-01', '2025-10-01')).toBe('01 Sep 2025 – 30 Sep 2025');
  });

  it('words a verdict as the report does', () => {
    expect(verdictWords({ verdict: 'inconclusive', pairs_needed: 17 })).toBe(
      'Inconclusive: about 17 more pairs needed',
    );
    expect(verdictWords({ verdict: 'too_few_pairs', pairs_needed: null })).toBe('Too few pairs');
  });

  it('draws nothing without pairs, and leaves a reference of 0 out of the percent plot', () => {
    expect(
      scatterOption({
        pairs: [],
        unit: 'U/L',
        decimals: 1,
        decisionLevels: [],
        passingBablok: null,
      }),
    ).toBeNull();
    const option = blandAltmanOption({
      pairs: [
        { id: 1, reference: 0, test: 1, outlier: false },
        { id: 2, reference: 10, test: 11, outlier: true },
      ],
      scale: 'percent',
      unit: 'U/L',
      decimals: 1,
      figures: null,
      limit: 5,
      limitName: 'L',
    });
    const [pairs, outliers] = option!.series as { data: { id: number }[] }[];
    expect(pairs.data).toEqual([]);
    expect(outliers.data.map((p) => p.id)).toEqual([2]);
  });
});
