import ScienceRoundedIcon from '@mui/icons-material/ScienceRounded';
import { Chip } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useConfigPagos } from '../api/shopQueries';

/** The visible marker that payments are simulated (no provider credentials on the server). */
export function ModoPruebaChip() {
  const config = useConfigPagos();
  if (!config.data?.modoPrueba) return null;
  return <Chip size="small" color="warning" icon={<ScienceRoundedIcon />} label={mensajes.modoPrueba} />;
}
