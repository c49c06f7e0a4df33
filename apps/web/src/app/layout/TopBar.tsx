import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import DarkModeRoundedIcon from '@mui/icons-material/DarkModeRounded';
import GroupRoundedIcon from '@mui/icons-material/GroupRounded';
import LightModeRoundedIcon from '@mui/icons-material/LightModeRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import PersonRoundedIcon from '@mui/icons-material/PersonRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import {
  Avatar,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LicenceBadge, LicenceDialog, licenceLabel } from '../../features/licensing';
import { NotificationBell } from '../../features/notifications';
import { useSession } from '../../shared/api/session';
import { useThemeMode } from '../../shared/hooks/useThemeMode';
import { LazyTooltip } from '../../shared/ui/LazyTooltip';
import { TopBarShell } from './TopBarShell';

interface TopBarProps {
  onOpenMenu: () => void;
}

export function TopBar({ onOpenMenu }: TopBarProps) {
  const { usuario, token, isAdmin } = useSession();
  const { mode, toggle } = useThemeMode();
  const navigate = useNavigate();
  const [userMenuAnchor, setUserMenuAnchor] = useState<HTMLElement | null>(null);
  const [licenceOpen, setLicenceOpen] = useState(false);
  const hasCompany = Boolean(usuario?.empresa);

  const go = (to: string) => {
    setUserMenuAnchor(null);
    navigate(to);
  };

  return (
    <>
      <TopBarShell onOpenMenu={onOpenMenu}>
        {!hasCompany && (
          <Button
            component={RouterLink}
            to="/tienda/suscripcion"
            color="inherit"
            startIcon={<StorefrontRoundedIcon />}
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            Tienda
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <LicenceBadge token={token} onClick={() => setLicenceOpen(true)} />
        </Box>
        {/* On a phone the badge is an icon: its name, tooltip, colour and icon still tell trial and no subscription apart. */}
        <LazyTooltip title={licenceLabel(token)}>
          <IconButton
            aria-label={`Licencia: ${licenceLabel(token)}`}
            onClick={() => setLicenceOpen(true)}
            color={token ? (token.esGratuito ? 'warning' : 'success') : 'default'}
            sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
          >
            {token ? <VerifiedRoundedIcon /> : <WarningAmberRoundedIcon />}
          </IconButton>
        </LazyTooltip>
        <LazyTooltip title={mode === 'dark' ? 'Modo claro' : 'Modo oscuro'}>
          <IconButton
            aria-label={mode === 'dark' ? 'Modo claro' : 'Modo oscuro'}
            onClick={toggle}
            sx={{ display: { xs: 'none', md: 'inline-flex' } }}
          >
            {mode === 'dark' ? <LightModeRoundedIcon /> : <DarkModeRoundedIcon />}
          </IconButton>
        </LazyTooltip>
        <NotificationBell />
        <Button
          color="inherit"
          onClick={(event) => setUserMenuAnchor(event.currentTarget)}
          aria-label={`Menú de usuario ${usuario?.username ?? ''}`.trim()}
          aria-haspopup="menu"
          sx={{ gap: 1, pl: 0.5, pr: { xs: 0.5, sm: 1.5 }, minWidth: 0, borderRadius: 99 }}
        >
          <Avatar aria-hidden sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 15 }}>
            {usuario?.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography
            variant="body2"
            noWrap
            sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 140, fontWeight: 600 }}
            data-testid="usuario-actual"
          >
            {usuario?.username}
          </Typography>
        </Button>
      </TopBarShell>

      <Menu
        anchorEl={userMenuAnchor}
        open={userMenuAnchor !== null}
        onClose={() => setUserMenuAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{usuario?.nombre}</Typography>
          <Typography variant="caption" color="textSecondary">
            {usuario?.mail}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={() => go('/perfil/misDatos')}>
          <ListItemIcon>
            <PersonRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Mi perfil</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go('/perfil/usuarios')}>
          <ListItemIcon>
            <GroupRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Mis usuarios</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go('/tienda/misCompras')}>
          <ListItemIcon>
            <ReceiptLongRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Mis compras</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go('/perfil/misConsultas')}>
          <ListItemIcon>
            <SupportAgentRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Mis consultas</ListItemText>
        </MenuItem>
        {isAdmin && (
          <MenuItem onClick={() => go('/admin/equipos')}>
            <ListItemIcon>
              <AdminPanelSettingsRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Administración</ListItemText>
          </MenuItem>
        )}
        {!hasCompany && (
          <MenuItem onClick={() => go('/tienda/suscripcion')} sx={{ display: { sm: 'none' } }}>
            <ListItemIcon>
              <StorefrontRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Tienda</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={toggle} sx={{ display: { md: 'none' } }}>
          <ListItemIcon>
            <DarkModeRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Modo oscuro</ListItemText>
          <Switch
            edge="end"
            size="small"
            checked={mode === 'dark'}
            slotProps={{ input: { 'aria-label': 'Modo oscuro' } }}
          />
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => go('/logout')}>
          <ListItemIcon>
            <LogoutRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Salir</ListItemText>
        </MenuItem>
      </Menu>

      <LicenceDialog
        open={licenceOpen}
        token={token}
        showShopLink={!hasCompany}
        onClose={() => setLicenceOpen(false)}
      />
    </>
  );
}
