import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useLineWord, useSelectedInstituteId } from '../../features/institutes';
import { AddLineDialog, exportLines, LinesGraph, LinesTable } from '../../features/lines';
import { ExportButton } from '../../components/ui/export-button';
import { useCanEdit } from '../../lib/permissions';
import { useUrlFilters } from '../../lib/use-url-filters';

/** /lines (table) and /lines/graph: the institute's lines or routes. */
export default function LinesPage() {
  const { view } = useParams();
  const navigate = useNavigate();
  const word = useLineWord();
  const canEdit = useCanEdit();
  const instituteId = useSelectedInstituteId();
  const [params, setFilter] = useUrlFilters();
  const graph = view === 'graph';
  const hideArchived = params.get('hide_archived') === 'true';

  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {word.plural}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={graph ? 'graph' : 'table'}
          onChange={(_e, next: string | null) =>
            next && navigate(next === 'graph' ? '/lines/graph' : '/lines')
          }
          aria-label="View"
        >
          <ToggleButton value="table">Table</ToggleButton>
          <ToggleButton value="graph">Graph</ToggleButton>
        </ToggleButtonGroup>
        <Button component={Link} to="/line/compare" startIcon={<CompareArrowsIcon />}>
          Compare
        </Button>
        {canEdit && instituteId !== null && <AddLineDialog instituteId={instituteId} />}
      </Stack>
      {!graph && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <FormControlLabel
            label="Hide archived"
            control={
              <Switch
                checked={hideArchived}
                onChange={(e) => setFilter('hide_archived', e.target.checked ? 'true' : null)}
              />
            }
          />
          {instituteId !== null && (
            <ExportButton
              onExport={(format, onProgress) =>
                exportLines(instituteId, hideArchived ? false : undefined, format, onProgress)
              }
            />
          )}
        </Stack>
      )}
      {instituteId !== null &&
        (graph ? (
          <LinesGraph instituteId={instituteId} />
        ) : (
          <LinesTable instituteId={instituteId} archived={hideArchived ? false : undefined} />
        ))}
    </Stack>
  );
}
