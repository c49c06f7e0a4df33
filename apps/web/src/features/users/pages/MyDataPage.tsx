import LockResetRoundedIcon from '@mui/icons-material/LockResetRounded';
import { Avatar, Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { useSession } from '../../../shared/api/session';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { ChangePasswordDialog } from '../components/ChangePasswordDialog';
import { ProfileForm } from '../components/ProfileForm';
import { TelegramCard } from '../components/TelegramCard';

/** /perfil/misDatos: account summary, password change, profile form and the Telegram bot. */
export function MyDataPage() {
  const { usuario } = useSession();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!usuario) return null;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle title="Mis datos" subtitle="Administrá tu información personal y tu acceso." />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', lg: '1.4fr 1fr' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Card>
            <CardContent sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 24 }}>
                {usuario.username.slice(0, 1).toUpperCase()}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <Typography variant="h6" component="p">
                  {usuario.nombre}
                </Typography>
                <Typography color="textSecondary">
                  {usuario.username} · {usuario.mail}
                </Typography>
                {usuario.esUsuarioExterno && <Chip size="small" label="Ingreso con Google" sx={{ mt: 1 }} />}
              </Box>
              {!usuario.esUsuarioExterno && (
                <Button
                  variant="outlined"
                  startIcon={<LockResetRoundedIcon />}
                  onClick={() => setChangingPassword(true)}
                >
                  Cambiar contraseña
                </Button>
              )}
            </CardContent>
          </Card>
          <ProfileForm key={`${usuario.id}-${usuario.username}-${usuario.mail}`} usuario={usuario} />
        </Box>
        <TelegramCard telegramChatId={usuario.telegramChatId} />
      </Box>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </Box>
  );
}
