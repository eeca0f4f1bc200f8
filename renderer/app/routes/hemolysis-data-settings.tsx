import { useParams } from 'react-router-dom';
import { HemolysisSettings } from '../../features/hemolysis';

/** /hemolysis-index-data/{id}/settings (not for guests). */
export default function HemolysisDataSettingsPage() {
  const id = Number(useParams().id);
  return <HemolysisSettings key={id} id={id} />;
}
