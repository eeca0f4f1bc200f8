import Stack from '@mui/material/Stack';
import { useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { HistoryPanel } from '../../features/audit';
import { useAreaOpen, useSelectedInstituteId } from '../../features/institutes';
import { ErrorFetching } from '../../components/ui/query-state';
import { useRecord, RecordDetail, usePrefetchRecordCharts } from '../../features/records';

/** /record/{id}: one transit record. */
export default function RecordPage() {
  const id = Number(useParams().id);
  const record = useRecord(id);
  // The selected organization's flags stand for the record's until the record says which it is.
  usePrefetchRecordCharts(id, useAreaOpen('troubleshooting', useSelectedInstituteId()));
  if (record.isLoading) return <LoadingScreen />;
  if (record.isError || !record.data)
    return <ErrorFetching error={record.error} back={{ to: '/records', label: 'Records' }} />;
  return (
    <Stack spacing={2}>
      <RecordDetail record={record.data} />
      <HistoryPanel
        instituteId={record.data.institute}
        objectType="record"
        objectId={record.data.id}
      />
    </Stack>
  );
}
