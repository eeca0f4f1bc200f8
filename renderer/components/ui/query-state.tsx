import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** 'Retrieving Data...' while a panel's data loads. */
export const RetrievingData = () => (
  <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 3 }}>
    <CircularProgress size={20} aria-hidden />
    <Typography color="text.secondary">Retrieving Data...</Typography>
  </Box>
);

/** 'Error fetching data' when a panel's query failed. */
export const ErrorFetching = () => <Alert severity="error">Error fetching data</Alert>;

/** A spec empty-state text ('No Validations', 'No Reports', …). */
export const EmptyState = ({ text }: { text: string }) => (
  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
    {text}
  </Typography>
);
