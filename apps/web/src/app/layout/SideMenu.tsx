import AccountCircleRoundedIcon from '@mui/icons-material/AccountCircleRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import DevicesOtherRoundedIcon from '@mui/icons-material/DevicesOtherRounded';
import EventRepeatRoundedIcon from '@mui/icons-material/EventRepeatRounded';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import GroupRoundedIcon from '@mui/icons-material/GroupRounded';
import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import MemoryRoundedIcon from '@mui/icons-material/MemoryRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import RouterRoundedIcon from '@mui/icons-material/RouterRounded';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import SystemUpdateAltRoundedIcon from '@mui/icons-material/SystemUpdateAltRounded';
import ViewQuiltRoundedIcon from '@mui/icons-material/ViewQuiltRounded';
import WorkspacePremiumRoundedIcon from '@mui/icons-material/WorkspacePremiumRounded';
import {
  Box,
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useMenuViews } from '../../features/views';
import { SideMenuItem, type SideMenuLink } from './SideMenuItem';
import { SideMenuSection } from './SideMenuSection';
import { useMenuDevices } from './useMenuDevices';

export type MenuSection = 'home' | 'perfil' | 'tienda' | 'admin';

export function sectionOf(pathname: string): MenuSection {
  if (pathname.startsWith('/perfil')) return 'perfil';
  if (pathname.startsWith('/tienda')) return 'tienda';
  if (pathname.startsWith('/admin')) return 'admin';
  return 'home';
}

const homeLinks: SideMenuLink[] = [
  { to: '/home/misProgramas', label: 'Mis Programas', icon: <EventRepeatRoundedIcon /> },
  { to: '/home/misAcciones', label: 'Mis Acciones', icon: <BoltRoundedIcon /> },
  { to: '/home/misEventos', label: 'Mis Eventos', icon: <NotificationsActiveRoundedIcon /> },
  { to: '/home/firmware', label: 'Firmware', icon: <SystemUpdateAltRoundedIcon /> },
];

const profileLinks: SideMenuLink[] = [
  { to: '/perfil/misDatos', label: 'Mis datos', icon: <AccountCircleRoundedIcon /> },
  { to: '/perfil/usuarios', label: 'Mis usuarios', icon: <GroupRoundedIcon /> },
  { to: '/perfil/misConsultas', label: 'Mis consultas', icon: <SupportAgentRoundedIcon /> },
  { to: '/perfil/tokens', label: 'Tokens de API', icon: <KeyRoundedIcon /> },
];

const shopLinks: SideMenuLink[] = [
  { to: '/tienda/suscripcion', label: 'Suscripciones', icon: <WorkspacePremiumRoundedIcon /> },
  { to: '/tienda/misCompras', label: 'Mis Compras', icon: <ReceiptLongRoundedIcon /> },
];

/** The administration area (ROLE_ADMIN; the router and the server check it again). */
const adminLinks: SideMenuLink[] = [
  { to: '/admin/equipos', label: 'Equipos', icon: <RouterRoundedIcon /> },
  { to: '/admin/usuarios', label: 'Usuarios', icon: <GroupRoundedIcon /> },
  { to: '/admin/compras', label: 'Compras', icon: <ReceiptLongRoundedIcon /> },
  { to: '/admin/catalogo', label: 'Catálogo', icon: <Inventory2RoundedIcon /> },
  { to: '/admin/consultas', label: 'Consultas', icon: <SupportAgentRoundedIcon /> },
];

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
    <ListItem disablePadding sx={{ display: 'block' }}>
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
    </ListItem>
  );
}

function HomeMenu({ onNavigate }: { onNavigate: () => void }) {
  const devices = useMenuDevices();
  const views = useMenuViews();
  return (
    <Box component="nav" aria-label="Menú principal">
      <List>
        <CollapsibleGroup label="Equipos" icon={<RouterRoundedIcon />}>
          <SideMenuItem
            to="/home/misEquipos"
            label="Mis Equipos"
            icon={<DashboardRoundedIcon />}
            nested
            onNavigate={onNavigate}
          />
          {devices.map((device) => (
            <SideMenuItem
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
          <SideMenuItem
            to="/home/misVistas"
            label="Mis Vistas"
            icon={<DevicesOtherRoundedIcon />}
            nested
            onNavigate={onNavigate}
          />
          {views.map((view) => (
            <SideMenuItem
              key={view.id}
              to={`/home/listaVista?id=${view.id}`}
              label={view.nombre}
              icon={<ViewQuiltRoundedIcon fontSize="small" />}
              nested
              onNavigate={onNavigate}
            />
          ))}
        </CollapsibleGroup>
        {homeLinks.map((link) => (
          <SideMenuItem key={link.to} {...link} onNavigate={onNavigate} />
        ))}
      </List>
    </Box>
  );
}

/** The side menu of the current area (/home, /perfil, /tienda or /admin). */
export function SideMenu({ section, onNavigate }: { section: MenuSection; onNavigate: () => void }) {
  return (
    <Box
      component="aside"
      aria-label="Menú lateral"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        {section === 'home' && <HomeMenu onNavigate={onNavigate} />}
        {section === 'perfil' && (
          <SideMenuSection
            ariaLabel="Menú de perfil"
            title="Mi perfil"
            links={profileLinks}
            onNavigate={onNavigate}
          />
        )}
        {section === 'admin' && (
          <SideMenuSection
            ariaLabel="Menú de administración"
            title="Administración"
            links={adminLinks}
            onNavigate={onNavigate}
          />
        )}
        {section === 'tienda' && (
          <SideMenuSection
            ariaLabel="Menú de la tienda"
            title="Tienda"
            links={shopLinks}
            onNavigate={onNavigate}
          />
        )}
      </Box>
      <Typography variant="caption" color="textSecondary" sx={{ p: 2 }}>
        Nexo IoT · código abierto
      </Typography>
    </Box>
  );
}
