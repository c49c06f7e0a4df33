import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import { Box, Button, Paper, Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { Link as RouterLink } from 'react-router';

interface EnConstruccionProps {
  /** The section's name, shown as the page title. */
  titulo: string;
}

/** Placeholder for screens that later issues build; never a blank page. */
export function EnConstruccion({ titulo }: EnConstruccionProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 4, md: 8 } }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 5 }, maxWidth: 520, width: '100%', textAlign: 'center', borderRadius: 4 }}
      >
        <Box
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'warning.main',
            color: 'warning.contrastText',
            boxShadow: 3,
          }}
        >
          <ConstructionRoundedIcon fontSize="large" />
        </Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {titulo}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {mensajes.enConstruccion}
        </Typography>
        <Button component={RouterLink} to="/home/misEquipos" variant="outlined">
          Ir a Mis Equipos
        </Button>
      </Paper>
    </Box>
  );
}
