import LogoutIcon from '@mui/icons-material/Logout';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useUser } from '../../features/auth';
import { useFeatureFlags, useLineWord } from '../../features/institutes';
import { endSession } from '../../lib/session-store';
import { isAllowed, labelOf, SETTINGS_MENU } from '../navigation';

export function SettingsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  const word = useLineWord();
  if (!user) return null;
  const entries = SETTINGS_MENU.filter((e) => isAllowed(e, flags, user.role));
  const close = () => setAnchor(null);

  // A full load of /login: nothing of the session survives in memory, and the route guard
  // (which would add ?redirect=) never gets to react to the cleared session.
  const logout = () => {
    endSession();
    window.location.assign('/login');
  };

  return (
    <>
      <Tooltip title="Settings menu">
        <IconButton
          aria-label="Settings menu"
          aria-haspopup="menu"
          aria-controls={anchor ? 'settings-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <SettingsOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id="settings-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <ListItemText
          sx={{ px: 2, py: 1 }}
          primary={`${user.first_name} ${user.last_name}`}
          secondary={user.email}
        />
        <Divider />
        {entries.map((e) => (
          <MenuItem key={e.path} component={Link} to={e.path} onClick={close}>
            {labelOf(e, word)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={logout}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
