import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, useLocation, useParams } from 'react-router-dom';
import {
  ClinicalDataFiltersBar,
  ClinicalDataGraph,
  ClinicalDataTable,
} from '../../features/clinical-data';
import { useSelectedInstituteId } from '../../features/institutes';

/** /clinical-data (table) and /clinical-data/graph, sharing the filters in the address. */
export default function ClinicalDataPage() {
  const instituteId = useSelectedInstituteId();
  const { view } = useParams();
  const { search } = useLocation();
  // Page and sorting belong to the table; the filters go along to the graph and back.
  const filters = new URLSearchParams(search);
  for (const key of ['page', 'size', 'ordering']) filters.delete(key);
  const carried = filters.toString() ? `?${filters}` : '';
  const graph = view === 'graph';
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Clinical Data</Typography>
      <Tabs value={graph ? 'graph' : 'table'} aria-label="Clinical data view">
        <Tab value="table" label="Table" component={Link} to={`/clinical-data${carried}`} />
        <Tab value="graph" label="Graph" component={Link} to={`/clinical-data/graph${carried}`} />
      </Tabs>
      {instituteId !== null && (
        <>
          <ClinicalDataFiltersBar instituteId={instituteId} />
          {graph ? (
            <ClinicalDataGraph instituteId={instituteId} />
          ) : (
            <ClinicalDataTable instituteId={instituteId} />
          )}
        </>
      )}
    </Stack>
  );
}
