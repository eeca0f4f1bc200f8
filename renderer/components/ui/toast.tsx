import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/** notistack's own colours miss AA contrast; toasts take the theme's instead. */
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
}));

export const toastComponents = { success: Toast, error: Toast, warning: Toast, info: Toast };
