import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The product mark; the top bar and the public pages both show it. The top bar drops the word on
 * a phone (`markOnlyOnPhone`), where its room goes to the controls.
 */
export function Logo({ markOnlyOnPhone = false }: { markOnlyOnPhone?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="img" src="/logo.svg" alt="" sx={{ width: 32, height: 32 }} />
      <Typography
        component="span"
        variant="h3"
        sx={{
          color: 'primary.dark',
          fontWeight: 700,
          display: markOnlyOnPhone ? { xs: 'none', sm: 'inline' } : undefined,
        }}
      >
        VialQC
      </Typography>
    </Box>
  );
}
