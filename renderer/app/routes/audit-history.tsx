import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { AUDIT_OBJECT_TYPES, type AuditObjectType } from '../../../shared/api/audit';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { ErrorFetching } from '../../components/ui/query-state';
import {
  HistoryList,
  objectNameWords,
  objectPath,
  objectWords,
  useHistory,
} from '../../features/audit';
import { useSelectedInstituteId } from '../../features/institutes';

/**
 * /history/{type}/{id}?institute=: the History of one object, also of one deleted since (the
 * Audit Log links here when the object's own page is gone).
 */
export default function AuditHistoryPage() {
  const { objectType, objectId } = useParams();
  const [params] = useSearchParams();
  const selected = useSelectedInstituteId();
  const asked = Number(params.get('institute'));
  const instituteId = Number.isInteger(asked) && asked > 0 ? asked : selected;
  const type = AUDIT_OBJECT_TYPES.find((t) => t === objectType) as AuditObjectType | undefined;
  // The newest entry names the object, also once it is deleted (issue 44).
  const newest = useHistory(
    {
      instituteId: instituteId ?? 0,
      object_type: type ?? 'record',
      object_id: objectId,
      size: 1,
    },
    type !== undefined && instituteId !== null,
  ).data?.items[0];
  if (!type) return <ErrorFetching back={{ to: '/audit-log', label: 'Audit Log' }} />;
  if (instituteId === null) return <LoadingScreen />;
  const name = objectNameWords({
    object_type: type,
    object_id: objectId ?? null,
    object_name: newest?.object_name ?? null,
  });
  const page = objectPath(type, objectId ?? null);
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography variant="h1">History of {name}</Typography>
        <Stack direction="row" spacing={2}>
          <Link component={RouterLink} to="/audit-log">
            Back to Audit Log
          </Link>
          {page && (
            <Link component={RouterLink} to={page}>
              Open the {objectWords(type).toLowerCase()}
            </Link>
          )}
        </Stack>
        <HistoryList instituteId={instituteId} objectType={type} objectId={objectId ?? null} />
      </Stack>
    </Paper>
  );
}
