import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router-dom';
import { errorDetail, errorStatus } from '../../lib/api-client';

/** 'Retrieving Data...' while a panel's data loads. */
export const RetrievingData = () => (
  <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 3 }}>
    <CircularProgress size={20} aria-hidden />
    <Typography color="text.secondary">Retrieving Data...</Typography>
  </Box>
);

/** Where a screen whose item failed to load sends the user back to. */
export interface WayBack {
  to: string;
  /** The list's name: the link reads 'Back to {label}'. */
  label: string;
}

/**
 * A panel's query failed: 'Error fetching data' (the spec's text), or `notFound` ('No Data'
 * unless the screen names its item: 'Record not found.') when the item does not exist, with the server's reason
 * below and, given `back`, the way back.
 */
export function ErrorFetching({
  error,
  back,
  notFound = 'No Data',
}: {
  error?: unknown;
  back?: WayBack;
  notFound?: string;
}) {
  const detail = errorDetail(error);
  return (
    <Alert severity="error">
      {errorStatus(error) === 404 ? notFound : 'Error fetching data'}
      {detail && <Typography variant="body2">{detail}</Typography>}
      {back && (
        // The alert's own text colour: the primary blue on its pink fell short of 4.5:1.
        <Button
          size="small"
          color="inherit"
          component={Link}
          to={back.to}
          startIcon={<ArrowBackIcon />}
          sx={{ mt: 1, textDecoration: 'underline' }}
        >
          Back to {back.label}
        </Button>
      )}
    </Alert>
  );
}

/** A spec empty-state text ('No Validations', 'No Reports', …). */
export const EmptyState = ({ text }: { text: string }) => (
  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
    {text}
  </Typography>
);
