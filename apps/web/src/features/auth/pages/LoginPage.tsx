import DarkModeRoundedIcon from '@mui/icons-material/DarkModeRounded';
import LightModeRoundedIcon from '@mui/icons-material/LightModeRounded';
import {
  Box,
  CircularProgress,
  IconButton,
  Paper,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { landingPathFor, useSession } from '../../../shared/api/session';
import { useThemeMode } from '../../../shared/hooks/useThemeMode';
import { LoginForm } from '../components/LoginForm';
import { type LoginTab, LoginTabs } from '../components/LoginTabs';
import type { LoginRedirectState } from '../loginRedirect';

/**
 * The brand panel beside the form, from md up. Its text and icons load only on screens that show
 * it: a phone downloads none of them.
 */
function BrandPanel() {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  return (
    <Box
      component="aside"
      aria-label="Nexo"
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
      {wide && (
        <Suspense fallback={null}>
          <BrandPanelContent />
        </Suspense>
      )}
    </Box>
  );
}

const BrandPanelContent = lazy(async () => ({
  default: (await import('../components/BrandPanelContent')).BrandPanelContent,
}));

// Notices shown only on arrival from a link load with it.
const Alert = lazy(() => import('@mui/material/Alert'));
// The mail link's activation notice loads only with its link; the page's first paint needs neither.
const AccountActivationNotice = lazy(async () => ({
  default: (await import('../components/AccountActivationNotice')).AccountActivationNotice,
}));

// The registration form (its schemas, its country codes and the query client it reads them
// with) loads when its tab is opened.
const RegisterForm = lazy(async () => {
  const [{ RegisterForm: Form }, { ServerStateProvider }] = await Promise.all([
    import('../components/RegisterForm'),
    import('../../../shared/api/ServerStateProvider'),
  ]);
  return {
    default: (props: ComponentProps<typeof Form>) => (
      <ServerStateProvider>
        <Form {...props} />
      </ServerStateProvider>
    ),
  };
});

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
        component="main"
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
            <Box component="img" src="/logo.svg" alt="" width={36} height={36} />
            <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
              Nexo
            </Typography>
          </Box>
          <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
            {tab === 'login' ? 'Bienvenido' : 'Creá tu cuenta'}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            {tab === 'login'
              ? 'Ingresá para ver y controlar tus equipos.'
              : 'Registrate y empezá a conectar tus equipos.'}
          </Typography>
          {codigoMail && (
            <Suspense fallback={null}>
              <AccountActivationNotice codigoMail={codigoMail} />
            </Suspense>
          )}
          {from?.startsWith('/home/equipoNuevo') && (
            <Suspense fallback={null}>
              <Alert severity="info" sx={{ mb: 2 }}>
                {mensajes.debeLoguearseParaAgregar}
              </Alert>
            </Suspense>
          )}
          <Paper variant="outlined" sx={{ borderRadius: 4, overflow: 'hidden' }}>
            <LoginTabs value={tab} onChange={setTab} />
            <Box role="tabpanel" aria-labelledby={`login-tab-${tab}`} sx={{ p: { xs: 2.5, sm: 3.5 } }}>
              {tab === 'login' ? (
                <LoginForm />
              ) : (
                <Suspense fallback={<CircularProgress size={28} aria-label={mensajes.cargando} />}>
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
