import AccountCircleRoundedIcon from '@mui/icons-material/AccountCircleRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import DevicesOtherRoundedIcon from '@mui/icons-material/DevicesOtherRounded';
import EventRepeatRoundedIcon from '@mui/icons-material/EventRepeatRounded';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import GroupRoundedIcon from '@mui/icons-material/GroupRounded';
import MemoryRoundedIcon from '@mui/icons-material/MemoryRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import RouterRoundedIcon from '@mui/icons-material/RouterRounded';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import WorkspacePremiumRoundedIcon from '@mui/icons-material/WorkspacePremiumRounded';
import {
  Box,
  Collapse,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useMenuDevices } from './useMenuDevices';

export type MenuSection = 'home' | 'perfil' | 'tienda';

export function sectionOf(pathname: string): MenuSection {
  if (pathname.startsWith('/perfil')) return 'perfil';
  if (pathname.startsWith('/tienda')) return 'tienda';
  return 'home';
}

interface ItemProps {
  to: string;
  label: string;
  icon?: ReactNode;
  nested?: boolean;
  onNavigate: () => void;
}

function MenuItem({ to, label, icon, nested = false, onNavigate }: ItemProps) {
  const location = useLocation();
  const [path, query] = to.split('?');
  const selected = location.pathname === path && (query === undefined || location.search === `?${query}`);
  return (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={selected}
      onClick={onNavigate}
      sx={{ pl: nested ? 4 : 2 }}
    >
      {icon && <ListItemIcon>{icon}</ListItemIcon>}
      <ListItemText
        primary={label}
        slotProps={{ primary: { noWrap: true, variant: 'body2', sx: { fontWeight: selected ? 650 : 500 } } }}
        inset={!icon && !nested}
      />
    </ListItemButton>
  );
}

function CollapsibleGroup({
  label,
  icon,
  children,
}: {
  label: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <ListItemButton onClick={() => setOpen((value) => !value)} aria-expanded={open}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText
          primary={label}
          slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 650 } } }}
        />
        {open ? <ExpandLessRoundedIcon fontSize="small" /> : <ExpandMoreRoundedIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding>{children}</List>
      </Collapse>
    </>
  );
}

function HomeMenu({ onNavigate }: { onNavigate: () => void }) {
  const devices = useMenuDevices();
  return (
    <List component="nav" aria-label="Menú principal">
      <CollapsibleGroup label="Equipos" icon={<RouterRoundedIcon />}>
        <MenuItem
          to="/home/misEquipos"
          label="Mis Equipos"
          icon={<DashboardRoundedIcon />}
          nested
          onNavigate={onNavigate}
        />
        {devices.map((device) => (
          <MenuItem
            key={device.id}
            to={`/home/listaEquipo?id=${device.id}`}
            label={device.nombre}
            icon={<MemoryRoundedIcon fontSize="small" />}
            nested
            onNavigate={onNavigate}
          />
        ))}
      </CollapsibleGroup>
      <CollapsibleGroup label="Vistas" icon={<SpaceDashboardRoundedIcon />}>
        <MenuItem
          to="/home/misVistas"
          label="Mis Vistas"
          icon={<DevicesOtherRoundedIcon />}
          nested
          onNavigate={onNavigate}
        />
      </CollapsibleGroup>
      <MenuItem
        to="/home/misProgramas"
        label="Mis Programas"
        icon={<EventRepeatRoundedIcon />}
        onNavigate={onNavigate}
      />
      <MenuItem
        to="/home/misAcciones"
        label="Mis Acciones"
        icon={<BoltRoundedIcon />}
        onNavigate={onNavigate}
      />
      <MenuItem
        to="/home/misEventos"
        label="Mis Eventos"
        icon={<NotificationsActiveRoundedIcon />}
        onNavigate={onNavigate}
      />
    </List>
  );
}

function ProfileMenu({ onNavigate }: { onNavigate: () => void }) {
  return (
    <List component="nav" aria-label="Menú de perfil" subheader={<ListSubheader>Mi perfil</ListSubheader>}>
      <MenuItem
        to="/perfil/misDatos"
        label="Mis datos"
        icon={<AccountCircleRoundedIcon />}
        onNavigate={onNavigate}
      />
      <MenuItem
        to="/perfil/usuarios"
        label="Mis usuarios"
        icon={<GroupRoundedIcon />}
        onNavigate={onNavigate}
      />
      <MenuItem
        to="/perfil/misConsultas"
        label="Mis consultas"
        icon={<SupportAgentRoundedIcon />}
        onNavigate={onNavigate}
      />
    </List>
  );
}

function ShopMenu({ onNavigate }: { onNavigate: () => void }) {
  return (
    <List component="nav" aria-label="Menú de la tienda" subheader={<ListSubheader>Tienda</ListSubheader>}>
      <MenuItem
        to="/tienda/suscripcion"
        label="Suscripciones"
        icon={<WorkspacePremiumRoundedIcon />}
        onNavigate={onNavigate}
      />
      <MenuItem
        to="/tienda/misCompras"
        label="Mis Compras"
        icon={<ReceiptLongRoundedIcon />}
        onNavigate={onNavigate}
      />
    </List>
  );
}

/** The side menu of the current area (/home, /perfil or /tienda). */
export function SideMenu({ section, onNavigate }: { section: MenuSection; onNavigate: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        {section === 'home' && <HomeMenu onNavigate={onNavigate} />}
        {section === 'perfil' && <ProfileMenu onNavigate={onNavigate} />}
        {section === 'tienda' && <ShopMenu onNavigate={onNavigate} />}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ p: 2 }}>
        Nexo IoT · código abierto
      </Typography>
    </Box>
  );
}
