import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useLineWord } from '../../institutes';
import { guideLink } from './guides';

export function Welcome() {
  const word = useLineWord();
  return (
    <Typography data-testid="welcome-text" sx={{ maxWidth: 900 }}>
      Welcome to VialQC. Vials travelling your {word.lowerPlural} record acceleration and
      temperature; VialQC turns each run into a transit record, scores it with VitalMetric and
      estimates how likely samples are to be rejected. Review new records, validate your{' '}
      {word.lowerPlural} and compare {word.lower} performance over time. New here?{' '}
      <Link component={RouterLink} to={guideLink('getting-started')}>
        Getting started
      </Link>
      .
    </Typography>
  );
}
