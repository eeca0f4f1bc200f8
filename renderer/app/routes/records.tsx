import Paper from '@mui/material/Paper';
import { useMatch } from 'react-router-dom';
import { useScreenInstitute } from '../../features/institutes';
import { RecordsTitle, RecordsView } from '../../features/records';
import { LoadingScreen } from '../../components/ui/loading-screen';

/** /records (Reviewed) and /records/to-review (the review queue). */
export default function RecordsPage() {
  // Its own route, for its own document title (router.tsx).
  const toReview = useMatch('/records/to-review') !== null;
  const institute = useScreenInstitute();
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      {!institute ? (
        <>
          <RecordsTitle />
          <LoadingScreen />
        </>
      ) : (
        <RecordsView
          key={institute.id}
          instituteId={institute.id}
          timeZone={institute.timezone}
          tab={toReview ? 'to-review' : 'reviewed'}
        />
      )}
    </Paper>
  );
}
