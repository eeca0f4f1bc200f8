/** The feature's names for the shapes of shared/api/comparison-studies.ts (never re-typed). */
export type {
  ComparisonGroupDto as ComparisonGroup,
  ComparisonPairDto as ComparisonPair,
  ComparisonResultsDto as ComparisonResults,
  ComparisonStudyCreate,
  ComparisonStudyDto,
  CriterionDto,
  ExclusionCreate,
  SampleSizeAnswer,
  SampleSizeQuestion,
  StudyAnalyteDto as StudyAnalyte,
  StudyAnalyte as Analyte,
  StudyVerdict as Verdict,
  SuggestedLinesDto,
} from '../../../../shared/api/comparison-studies';
export type { BlandAltman, Criterion } from '../../../../shared/comparison/types';
