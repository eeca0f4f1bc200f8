import { useDeferredValue } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { DashboardView } from '../../features/dashboard';
import { useSelectedInstitute } from '../../features/institutes';

/** What a lab technician opens every morning. */
export default function DashboardPage() {
  // Deferred as the frame's account is: the cards mount in a background render (main-layout.tsx).
  const institute = useDeferredValue(useSelectedInstitute().data);
  if (!institute) return <LoadingScreen />;
  return <DashboardView key={institute.id} instituteId={institute.id} name={institute.name} />;
}
