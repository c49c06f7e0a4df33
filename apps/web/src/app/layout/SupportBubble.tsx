import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import { Box, Fab, Popover, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LazyTooltip } from '../../shared/ui/LazyTooltip';

/** The support-chat bubble; the chat itself arrives with the consultas feature. */
export function SupportBubble() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <LazyTooltip title="Soporte" placement="left">
        <Fab
          color="primary"
          size="medium"
          aria-label="Soporte"
          data-testid="burbuja-soporte"
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ position: 'fixed', right: 20, bottom: 20, zIndex: (theme) => theme.zIndex.speedDial }}
        >
          <ChatRoundedIcon />
        </Fab>
      </LazyTooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Box sx={{ p: 2.5, maxWidth: 300 }}>
          <Typography variant="subtitle1" gutterBottom>
            ¿Necesitás ayuda?
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
            Escribinos una consulta y te respondemos a la brevedad.
          </Typography>
          <Typography
            component={RouterLink}
            to="/perfil/misConsultas"
            onClick={() => setAnchor(null)}
            variant="body2"
            sx={{ color: 'primary.main', fontWeight: 600 }}
          >
            Ir a Mis consultas
          </Typography>
        </Box>
      </Popover>
    </>
  );
}
