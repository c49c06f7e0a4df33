import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import TelegramIcon from '@mui/icons-material/Telegram';
import {
  Box,
  Card,
  CardContent,
  Chip,
  Link,
  Step,
  StepContent,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useAppConfig } from '../../../shared/hooks/useAppConfig';

const steps = [
  {
    label: 'Instalá Telegram',
    text: 'Descargá la aplicación Telegram en tu teléfono desde la tienda de aplicaciones.',
  },
  {
    label: 'Revisá tu teléfono',
    text: 'Cargá tu número correctamente en tu perfil, sin el código de país (por ejemplo, 10 dígitos).',
  },
  {
    label: 'Buscá el bot de Nexo',
    text: 'En Telegram, buscá el bot de Nexo y abrí la conversación.',
    bot: true,
  },
  { label: 'Enviá /start', text: 'Escribile /start al bot para iniciar la vinculación.' },
  {
    label: 'Compartí tu contacto',
    text: 'Cuando el bot te lo pida, compartí tu contacto para que podamos asociarlo a tu cuenta.',
  },
];

/** Status of the messaging bot link; without one, the 5-step how-to (spec 2 §2 /perfil/misDatos). */
export function TelegramCard({ telegramChatId }: { telegramChatId: string | null }) {
  const { telegramBot } = useAppConfig();
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <TelegramIcon sx={{ color: '#229ED9', fontSize: 32 }} />
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Bot de Telegram
          </Typography>
          {telegramChatId ? (
            <Chip color="success" size="small" icon={<CheckCircleRoundedIcon />} label="Activo" />
          ) : (
            <Chip size="small" label="No vinculado" />
          )}
        </Box>
        {telegramChatId ? (
          <Typography color="textSecondary">
            Tu cuenta está vinculada: vas a recibir las notificaciones de tus eventos por Telegram.
          </Typography>
        ) : (
          <>
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              Vinculá tu cuenta para recibir notificaciones de tus eventos por Telegram:
            </Typography>
            <Stepper orientation="vertical" nonLinear activeStep={-1}>
              {steps.map((step) => (
                <Step key={step.label} expanded>
                  <StepLabel>{step.label}</StepLabel>
                  <StepContent>
                    <Typography variant="body2" color="textSecondary">
                      {'bot' in step && telegramBot ? (
                        <>
                          En Telegram, buscá{' '}
                          <Link href={`https://t.me/${telegramBot}`} target="_blank" rel="noopener">
                            @{telegramBot}
                          </Link>{' '}
                          y abrí la conversación.
                        </>
                      ) : (
                        step.text
                      )}
                    </Typography>
                  </StepContent>
                </Step>
              ))}
            </Stepper>
          </>
        )}
      </CardContent>
    </Card>
  );
}
