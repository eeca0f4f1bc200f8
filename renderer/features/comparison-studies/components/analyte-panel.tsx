import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useLineWord } from '../../institutes';
import type { ComparisonGroup, ComparisonPair, ComparisonStudyDto } from '../api/types';
import { CRITERION_EXPLAINED, CRITERION_NAMES, limitText } from './criterion-fields';
import { FiguresTable } from './figures-table';
import { PairsTable } from './pairs-table';
import { blandAltmanOption, scatterOption, type PlotPair } from './plot-options';
import { analyteDecimals, analyteName, analyteTab, analyteUnit } from './study-words';
import { verdictMeaning, verdictWords, VerdictChip } from './verdict';

interface Props {
  studyId: number;
  setting: ComparisonStudyDto['analytes'][number];
  /** The analyte's groups: one per line, then all lines. */
  groups: ComparisonGroup[];
  /** Every pair of the analyte, excluded ones included. */
  pairs: ComparisonPair[];
  readOnlyReason: string | null;
}

/**
 * One analyte of a study: which group to look at (a line, or all lines; in the address), its
 * verdict in words with what it means, the scatter and Bland-Altman plots, the figures of every
 * group, and the pairs with their exclusions.
 */
export function AnalytePanel({ studyId, setting, groups, pairs, readOnlyReason }: Props) {
  const word = useLineWord();
  const [params, setParam] = useUrlFilters();
  const { analyte } = setting;
  const chosenLine = params.get('line');
  const group =
    groups.find((g) => String(g.line_id) === chosenLine) ?? groups.find((g) => g.line_id === null);
  const unit = analyteUnit(analyte);
  const decimals = analyteDecimals(analyte);
  if (!group) return <Alert severity="info">No figures for {analyteName(analyte)}.</Alert>;

  const outliers = new Set(group.outliers);
  const inGroup = pairs.filter(
    (p) =>
      (group.line_id === null || p.line_id === group.line_id) &&
      (p.exclusion === null || p.exclusion === undefined),
  );
  const plotted: PlotPair[] = inGroup.map((p) => ({
    id: p.clinical_data,
    reference: p.reference,
    test: p.test,
    outlier: outliers.has(p.clinical_data),
  }));
  const shownPairs = pairs.filter((p) => group.line_id === null || p.line_id === group.line_id);
  const scale = group.criterion.scale;
  const isRcv = group.criterion.type === 'rcv';
  const groupName = group.line_name ?? `all ${word.lowerPlural}`;
  const fileName = `${analyteTab(analyte).toLowerCase()}-${(group.line_name ?? 'all').replace(/\W+/g, '-')}`;

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={group.line_id === null ? 'all' : String(group.line_id)}
        onChange={(_e, v: string | null) => v && setParam('line', v === 'all' ? null : v)}
        aria-label={`${word.singular} shown`}
        sx={{ flexWrap: 'wrap' }}
      >
        {groups.map((g) => (
          <ToggleButton
            key={g.line_id ?? 'all'}
            value={g.line_id === null ? 'all' : String(g.line_id)}
          >
            {g.line_name ?? `All ${word.lowerPlural}`}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Paper sx={{ p: 2 }} component="section" aria-label="Verdict">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h3" component="h2">
            Verdict for {analyteName(analyte)}, {groupName}:
          </Typography>
          <VerdictChip group={group} />
        </Stack>
        <Typography data-testid="verdict-words" sx={{ fontWeight: 600 }}>
          {verdictWords(group)}
        </Typography>
        <Typography variant="body2">{verdictMeaning(group)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Criterion: {CRITERION_NAMES[setting.criterion.type]},{' '}
          {limitText(group.criterion, analyte)}. {CRITERION_EXPLAINED[setting.criterion.type]}
        </Typography>
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
        }}
      >
        <Paper sx={{ p: 2 }}>
          <ChartPanel
            title={`${analyteName(analyte)}: test against reference, ${groupName}`}
            exportName={`scatter-${fileName}`}
            option={scatterOption({
              pairs: plotted,
              unit,
              decimals,
              decisionLevels: setting.decision_levels,
              passingBablok:
                group.passing_bablok &&
                group.passing_bablok.slope !== null &&
                group.passing_bablok.intercept !== null
                  ? {
                      slope: group.passing_bablok.slope,
                      intercept: group.passing_bablok.intercept,
                    }
                  : null,
            })}
            emptyText="No Pairs"
            height={360}
          />
        </Paper>
        <Paper sx={{ p: 2 }}>
          <ChartPanel
            title={`Bland-Altman (${scale === 'percent' ? '%' : unit}), ${groupName}`}
            exportName={`bland-altman-${fileName}`}
            option={blandAltmanOption({
              pairs: plotted,
              scale,
              unit,
              decimals,
              figures: group.bland_altman[scale],
              limit: group.criterion.limit,
              limitName: isRcv ? 'RCV' : 'L',
            })}
            emptyText="No Pairs"
            height={360}
          />
        </Paper>
      </Box>
      <Paper sx={{ p: 2 }} component="section" aria-label="Figures">
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Figures per {word.lower}
        </Typography>
        <FiguresTable analyte={analyte} groups={groups} />
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-label="Pairs">
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Pairs, {groupName}
        </Typography>
        <PairsTable
          studyId={studyId}
          analyte={analyte}
          pairs={shownPairs}
          outliers={outliers}
          readOnlyReason={readOnlyReason}
        />
      </Paper>
    </Stack>
  );
}
