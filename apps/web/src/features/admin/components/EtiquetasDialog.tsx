import PrintRoundedIcon from '@mui/icons-material/PrintRounded';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  GlobalStyles,
  Typography,
} from '@mui/material';
import { type CredencialesEquipo, mensajes } from '@nexo/contracts';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The share link a device's QR carries (spec 1 §9: origin + /home/equipoNuevo?id={id}). */
export const linkCompartir = (id: number) => `${window.location.origin}/home/equipoNuevo?id=${id}`;

/** The link a new inventory device's QR carries: its single-use claim code (issue 28). */
export const linkReclamo = (codigo: string) =>
  `${window.location.origin}/home/equipoNuevo?codigo=${encodeURIComponent(codigo)}`;

/** What the label's QR opens: the claim link while the device has a code, else the share link. */
const linkEtiqueta = (equipo: CredencialesEquipo) =>
  equipo.codigoReclamo ? linkReclamo(equipo.codigoReclamo) : linkCompartir(equipo.id);

function Etiqueta({ equipo }: { equipo: CredencialesEquipo }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void QRCode.toDataURL(linkEtiqueta(equipo), { margin: 1, width: 140 }).then((url) => {
      if (alive) setQr(url);
    });
    return () => {
      alive = false;
    };
  }, [equipo]);
  return (
    <Box
      role="group"
      aria-label={`Etiqueta de ${equipo.nombre}`}
      sx={{
        border: '1px dashed',
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        display: 'flex',
        gap: 1.5,
        breakInside: 'avoid',
      }}
    >
      {qr && <Box component="img" src={qr} alt={`QR de ${equipo.nombre}`} sx={{ width: 110, height: 110 }} />}
      <Box sx={{ minWidth: 0, fontFamily: 'monospace', fontSize: 12 }}>
        <Typography sx={{ fontWeight: 700 }}>{equipo.nombre}</Typography>
        <div>apikey: {equipo.apikey}</div>
        <div style={{ wordBreak: 'break-all' }}>secret: {equipo.secret}</div>
        {equipo.codigoReclamo ? (
          <div style={{ marginTop: 4, fontWeight: 700 }}>
            {mensajes.codigoReclamo}: {equipo.codigoReclamo}
          </div>
        ) : (
          <div style={{ wordBreak: 'break-all', marginTop: 4 }}>{linkCompartir(equipo.id)}</div>
        )}
      </Box>
    </Box>
  );
}

/**
 * Printable labels: name, apikey, secret and a QR with the share link, one per device. Printing
 * shows only the labels (print styles hide the rest of the page).
 */
export function EtiquetasDialog({
  equipos,
  onClose,
}: {
  equipos: CredencialesEquipo[];
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            '.etiquetas-imprimibles, .etiquetas-imprimibles *': { visibility: 'visible' },
            '.etiquetas-imprimibles': { position: 'absolute', left: 0, top: 0, width: '100%' },
          },
        }}
      />
      <DialogTitle>Etiquetas ({equipos.length})</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          El secret solo se muestra acá: imprimí las etiquetas o guardalas antes de cerrar.
        </Typography>
        <Box
          className="etiquetas-imprimibles"
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {equipos.map((equipo) => (
            <Etiqueta key={equipo.id} equipo={equipo} />
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cerrar</Button>
        <Button variant="contained" startIcon={<PrintRoundedIcon />} onClick={() => window.print()}>
          Imprimir
        </Button>
      </DialogActions>
    </Dialog>
  );
}
