import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useEffect, useRef, useState } from 'react';

type Detect = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The browser's BarcodeDetector when it reads QR codes; otherwise jsQR on canvas frames (loaded on demand). */
async function createDetector(): Promise<Detect> {
  const Native = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native) {
    const formats = (await Native.getSupportedFormats?.().catch(() => [])) ?? ['qr_code'];
    if (formats.includes('qr_code')) {
      const detector = new Native({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!context || width === 0 || height === 0) return null;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/**
 * Reads a device label's QR with the camera (the rear one on phones) and hands its text over once.
 * Without a camera or permission it says so, and the user types the code instead.
 */
export function QrScannerDialog({
  open,
  onResult,
  onClose,
}: {
  open: boolean;
  onResult: (text: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const handler = useRef(onResult);
  handler.current = onResult;

  useEffect(() => {
    if (!open) return;
    setError(null);
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('sin cámara');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = stream;
        await element.play();
        const detect = await createDetector();
        const scan = async () => {
          if (stopped) return;
          const text = await detect(element).catch(() => null);
          if (text && !stopped) {
            stopped = true;
            handler.current(text);
            return;
          }
          timer = setTimeout(() => void scan(), 200);
        };
        void scan();
      } catch {
        if (!stopped) setError(mensajes.camaraNoDisponible);
      }
    };
    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{mensajes.escanearEtiqueta}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="warning">{error}</Alert>
        ) : (
          <>
            <Box
              component="video"
              ref={video}
              muted
              playsInline
              sx={{
                width: '100%',
                borderRadius: 2,
                bgcolor: 'common.black',
                aspectRatio: '1 / 1',
                objectFit: 'cover',
              }}
            />
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {mensajes.escaneandoEtiqueta}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{mensajes.cerrar}</Button>
      </DialogActions>
    </Dialog>
  );
}
