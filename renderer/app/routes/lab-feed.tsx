import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router-dom';
import { useSelectedInstituteId } from '../../features/institutes';
import {
  MappingsPanel,
  MessagesPanel,
  NeedsMappingPanel,
  StatusPanel,
} from '../../features/lab-feed';

const VIEWS = [
  { view: '', label: 'Status', Panel: StatusPanel },
  { view: 'needs-mapping', label: 'Needs mapping', Panel: NeedsMappingPanel },
  { view: 'mappings', label: 'Mappings', Panel: MappingsPanel },
  { view: 'messages', label: 'Messages', Panel: MessagesPanel },
] as const;

/** /lab-feed and its views (/lab-feed/needs-mapping, …/mappings, …/messages), the view in the address. */
export default function LabFeedPage() {
  const instituteId = useSelectedInstituteId();
  const { view = '' } = useParams();
  const current = VIEWS.find((v) => v.view === view) ?? VIEWS[0];
  const { Panel } = current;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Lab Feed</Typography>
      <Tabs value={current.view} aria-label="Lab feed view">
        {VIEWS.map((v) => (
          <Tab
            key={v.view}
            value={v.view}
            label={v.label}
            component={Link}
            to={v.view ? `/lab-feed/${v.view}` : '/lab-feed'}
          />
        ))}
      </Tabs>
      {instituteId !== null && <Panel instituteId={instituteId} />}
    </Stack>
  );
}
