import Stack from '@mui/material/Stack';
import { useDeferredValue } from 'react';
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
  // A shown record's first pass draws what the page is opened for, its figures and first chart;
  // the rest follows at once in a second, interruptible pass instead of holding up that frame.
  const complete = useDeferredValue(record.data !== undefined, false);
  // The selected organization's flags stand for the record's until the record says which it is.
  usePrefetchRecordCharts(id, useAreaOpen('troubleshooting', useSelectedInstituteId()));
  if (record.isLoading) return <LoadingScreen />;
  if (record.isError || !record.data)
    return (
      <ErrorFetching
        error={record.error}
        back={{ to: '/records', label: 'Records' }}
        notFound="Record not found."
      />
    );
  return (
    <Stack spacing={2}>
      <RecordDetail record={record.data} complete={complete} />
      {complete && (
        <HistoryPanel
          instituteId={record.data.institute}
          objectType="record"
          objectId={record.data.id}
        />
      )}
    </Stack>
  );
}
