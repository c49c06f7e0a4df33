import DarkModeRoundedIcon from '@mui/icons-material/DarkModeRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import LightModeRoundedIcon from '@mui/icons-material/LightModeRounded';
import RouterRoundedIcon from '@mui/icons-material/RouterRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import ToggleOnRoundedIcon from '@mui/icons-material/ToggleOnRounded';
import { Alert, Box, IconButton, LinearProgress, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { landingPathFor, useSession } from '../../../shared/api/session';
import { useThemeMode } from '../../../shared/hooks/useThemeMode';
import { AccountActivationNotice } from '../components/AccountActivationNotice';
import { LoginForm } from '../components/LoginForm';
import type { LoginRedirectState } from '../loginRedirect';

type LoginTab = 'login' | 'registro';

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        sx={{
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: 3,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(255,255,255,0.14)',
          border: '1px solid rgba(255,255,255,0.2)',
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
        <Typography variant="body2" sx={{ opacity: 0.82 }}>
          {text}
        </Typography>
      </Box>
    </Box>
  );
}

function BrandPanel() {
  return (
    <Box
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        flex: '1 1 50%',
        p: 6,
        color: '#fff',
        position: 'relative',
        overflow: 'hidden',
        background: 'linear-gradient(140deg, #06324a 0%, #0b6e99 55%, #12b886 120%)',
        '&::after': {
          content: '""',
          position: 'absolute',
          width: 520,
          height: 520,
          right: -160,
          bottom: -200,
          borderRadius: '50%',
          border: '60px solid rgba(255,255,255,0.06)',
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box component="img" src="/logo.svg" alt="" sx={{ height: 40, borderRadius: '10px', boxShadow: 3 }} />
        <Typography variant="h5" sx={{ fontWeight: 800 }}>
          Nexo
        </Typography>
      </Box>
      <Box sx={{ maxWidth: 460, position: 'relative', zIndex: 1 }}>
        <Typography variant="h3" sx={{ fontWeight: 800, letterSpacing: '-0.03em', mb: 2, lineHeight: 1.1 }}>
          Tus equipos, conectados y bajo control.
        </Typography>
        <Typography sx={{ opacity: 0.85, mb: 5 }}>
          Monitoreá sensores en tiempo real, enviá comandos y automatizá tu instalación desde cualquier lugar.
        </Typography>
        <Stack spacing={3}>
          <Feature
            icon={<RouterRoundedIcon />}
            title="Equipos y sensores"
            text="Valores en vivo y estado de conexión de cada dispositivo."
          />
          <Feature
            icon={<ToggleOnRoundedIcon />}
            title="Control remoto"
            text="Encendé, apagá y regulá tus actuadores al instante."
          />
          <Feature
            icon={<InsightsRoundedIcon />}
            title="Historial"
            text="Gráficos y registros para entender qué pasó y cuándo."
          />
          <Feature
            icon={<ScheduleRoundedIcon />}
            title="Automatización"
            text="Eventos, acciones y programas que trabajan por vos."
          />
        </Stack>
      </Box>
      <Typography variant="caption" sx={{ opacity: 0.7, position: 'relative', zIndex: 1 }}>
        Plataforma IoT de código abierto
      </Typography>
    </Box>
  );
}

// The registration form (its schemas and country codes) loads when its tab is opened.
const RegisterForm = lazy(async () => ({
  default: (await import('../components/RegisterForm')).RegisterForm,
}));

/** /login: tabs Login and Registrarme (spec 2 §2); `registro=1` or a chosen plan opens Registrarme. */
export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { isAuthenticated, usuario } = useSession();
  const { mode, toggle } = useThemeMode();
  const codigoMail = params.get('codigoMail');
  const idSuscripcionParam = Number(params.get('idSuscripcion'));
  const idSuscripcion =
    Number.isInteger(idSuscripcionParam) && idSuscripcionParam > 0 ? idSuscripcionParam : null;
  const esGratisParam = params.get('esGratis');
  const esGratis = esGratisParam === null ? null : esGratisParam === 'true' || esGratisParam === '1';
  const opensOnRegistro = idSuscripcion !== null || params.get('registro') === '1';
  const [tab, setTab] = useState<LoginTab>(opensOnRegistro ? 'registro' : 'login');
  const from = (location.state as LoginRedirectState | null)?.from;

  if (isAuthenticated && !codigoMail) {
    return <Navigate to={from ?? landingPathFor(usuario)} replace />;
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <BrandPanel />
      <Box
        sx={{
          flex: '1 1 50%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 2, sm: 4 },
          py: { xs: 3, sm: 6 },
          position: 'relative',
        }}
      >
        {/* A native title instead of a Tooltip: the login page loads no popper. */}
        <IconButton
          onClick={toggle}
          aria-label={mode === 'dark' ? 'Modo claro' : 'Modo oscuro'}
          title={mode === 'dark' ? 'Modo claro' : 'Modo oscuro'}
          sx={{ position: 'absolute', top: 16, right: 16 }}
        >
          {mode === 'dark' ? <LightModeRoundedIcon /> : <DarkModeRoundedIcon />}
        </IconButton>
        <Box sx={{ width: '100%', maxWidth: 440 }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, alignItems: 'center', gap: 1.5, mb: 3, mt: 2 }}>
            <Box component="img" src="/logo.svg" alt="" sx={{ height: 36 }} />
            <Typography variant="h5" sx={{ fontWeight: 800 }}>
              Nexo
            </Typography>
          </Box>
          <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
            {tab === 'login' ? 'Bienvenido' : 'Creá tu cuenta'}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {tab === 'login'
              ? 'Ingresá para ver y controlar tus equipos.'
              : 'Registrate y empezá a conectar tus equipos.'}
          </Typography>
          {codigoMail && <AccountActivationNotice codigoMail={codigoMail} />}
          {from?.startsWith('/home/equipoNuevo') && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {mensajes.debeLoguearseParaAgregar}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ borderRadius: 4, overflow: 'hidden' }}>
            <Tabs
              value={tab}
              onChange={(_event, value: LoginTab) => setTab(value)}
              variant="fullWidth"
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="login" label="Login" />
              <Tab value="registro" label="Registrarme" />
            </Tabs>
            <Box sx={{ p: { xs: 2.5, sm: 3.5 } }}>
              {tab === 'login' ? (
                <LoginForm />
              ) : (
                <Suspense fallback={<LinearProgress aria-label={mensajes.cargando} />}>
                  <RegisterForm idSuscripcion={idSuscripcion} esGratis={esGratis} />
                </Suspense>
              )}
            </Box>
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
