import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

function Overlay({ text, busy = false }: { text: string; busy?: boolean }) {
  return (
    <Box
      role={busy ? 'status' : undefined}
      sx={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center' }}
    >
      {busy && (
        <LinearProgress aria-hidden sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      )}
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

/** DataGrid `slots.noRowsOverlay`: the table has nothing at all. */
export const NoRowsOverlay = () => <Overlay text="No Rows Found" />;

/** DataGrid `slots.noResultsOverlay`: a filter or search matched nothing. */
export const NoResultsOverlay = () => <Overlay text="No Results" />;

/** DataGrid `slots.loadingOverlay`. */
export const LoadingOverlay = () => <Overlay text="Retrieving Data..." busy />;

/** Every grid uses the spec's texts for its empty and loading states. */
export const gridOverlays = {
  noRowsOverlay: NoRowsOverlay,
  noResultsOverlay: NoResultsOverlay,
  loadingOverlay: LoadingOverlay,
};

/** The overlays with a screen's own empty text ('No Validations', 'No Reports', …). */
export const gridOverlaysEmpty = (text: string) => ({
  ...gridOverlays,
  noRowsOverlay: function EmptyOverlay() {
    return <Overlay text={text} />;
  },
});
