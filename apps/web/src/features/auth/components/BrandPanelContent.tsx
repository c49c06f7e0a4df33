import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import RouterRoundedIcon from '@mui/icons-material/RouterRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import ToggleOnRoundedIcon from '@mui/icons-material/ToggleOnRounded';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

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

/** What the login's brand panel says (md and up; LoginPage loads it only there). */
export function BrandPanelContent() {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box
          component="img"
          src="/logo.svg"
          alt=""
          width={40}
          height={40}
          sx={{ borderRadius: '10px', boxShadow: 3 }}
        />
        <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
          Nexo
        </Typography>
      </Box>
      <Box sx={{ maxWidth: 460, position: 'relative', zIndex: 1 }}>
        <Typography
          variant="h3"
          component="p"
          sx={{ fontWeight: 800, letterSpacing: '-0.03em', mb: 2, lineHeight: 1.1 }}
        >
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
    </>
  );
}
