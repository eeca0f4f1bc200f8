import Paper from '@mui/material/Paper';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { AuditLogView } from '../../features/audit';
import { useSelectedInstitute } from '../../features/institutes';
import { useIsStaff } from '../../lib/permissions';

/**
 * /audit-log: the organization's Audit Log (owners, admins); staff's spans every organization,
 * with an Organization filter.
 */
export default function AuditLogPage() {
  const { data: institute } = useSelectedInstitute();
  const staff = useIsStaff();
  if (!institute) return <LoadingScreen />;
  return (
    <Paper sx={{ p: 3 }}>
      <AuditLogView
        key={staff ? 'all' : institute.id}
        instituteId={staff ? null : institute.id}
        timeZone={institute.timezone}
      />
    </Paper>
  );
}
