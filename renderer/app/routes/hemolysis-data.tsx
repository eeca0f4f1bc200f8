import { useParams } from 'react-router-dom';
import { HemolysisDayView } from '../../features/hemolysis';

/** /hemolysis-index-data/{id}. */
export default function HemolysisDataPage() {
  const id = Number(useParams().id);
  return <HemolysisDayView key={id} id={id} />;
}
