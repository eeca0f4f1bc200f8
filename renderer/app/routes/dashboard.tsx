import { LoadingScreen } from '../../components/ui/loading-screen';
import { DashboardView } from '../../features/dashboard/components/dashboard-view';
import { useSelectedInstitute } from '../../features/institutes/hooks/use-selected-institute';

/** What a lab technician opens every morning. */
export default function DashboardPage() {
  const { data: institute } = useSelectedInstitute();
  if (!institute) return <LoadingScreen />;
  return <DashboardView key={institute.id} instituteId={institute.id} name={institute.name} />;
}
