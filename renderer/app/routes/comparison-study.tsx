import { useParams } from 'react-router-dom';
import { ComparisonStudyDetail } from '../../features/comparison-studies';

/** /comparison-studies/{id}: a tab per analyte with its plots, figures, verdict and pairs. */
export default function ComparisonStudyPage() {
  const id = Number(useParams().id);
  return <ComparisonStudyDetail id={id} />;
}
