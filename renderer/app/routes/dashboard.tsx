import { LoadingScreen } from '../../components/ui/loading-screen';
import { DashboardView } from '../../features/dashboard';
import { useScreenInstitute } from '../../features/institutes';

/** What a lab technician opens every morning. */
export default function DashboardPage() {
  const institute = useScreenInstitute();
  if (!institute) return <LoadingScreen />;
  return <DashboardView key={institute.id} instituteId={institute.id} name={institute.name} />;
}
