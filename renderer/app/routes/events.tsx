import Paper from '@mui/material/Paper';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { EventsView } from '../../features/events';
import { useSelectedInstitute } from '../../features/institutes';
import { useLines } from '../../features/lines';

/** /events: the institute's monitoring events (flag monitoring). */
export default function EventsPage() {
  const { data: institute } = useSelectedInstitute();
  const lines = useLines({ instituteId: institute?.id ?? null });
  if (!institute || !lines.data) return <LoadingScreen />;
  return (
    <Paper sx={{ p: 3 }}>
      <EventsView
        key={institute.id}
        instituteId={institute.id}
        timeZone={institute.timezone}
        lines={lines.data.items}
      />
    </Paper>
  );
}
