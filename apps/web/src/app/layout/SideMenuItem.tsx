import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

/** One destination of a side menu. */
export interface SideMenuLink {
  to: string;
  label: string;
  icon?: ReactNode;
}

interface SideMenuItemProps extends SideMenuLink {
  nested?: boolean;
  onNavigate: () => void;
}

/** A side menu link, selected when the location matches its path (and its query, if it has one). */
export function SideMenuItem({ to, label, icon, nested = false, onNavigate }: SideMenuItemProps) {
  const location = useLocation();
  const [path, query] = to.split('?');
  const selected = location.pathname === path && (query === undefined || location.search === `?${query}`);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ pl: nested ? 4 : 2 }}
      >
        {icon && <ListItemIcon>{icon}</ListItemIcon>}
        <ListItemText
          primary={label}
          slotProps={{
            primary: { noWrap: true, variant: 'body2', sx: { fontWeight: selected ? 650 : 500 } },
          }}
          inset={!icon && !nested}
        />
      </ListItemButton>
    </ListItem>
  );
}
