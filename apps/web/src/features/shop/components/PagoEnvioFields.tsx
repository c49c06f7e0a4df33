import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { mensajes, tiposEnvio } from '@nexo/contracts';
import type { Catalogo } from '../api/shopApi';
import { useMediosPago } from '../api/shopQueries';

function Choice({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  options: Catalogo[];
  value: number | null;
  onChange: (id: number) => void;
  error: boolean;
}) {
  return (
    <FormControl error={error}>
      <FormLabel>{label}</FormLabel>
      <RadioGroup value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((option) => (
          <FormControlLabel
            key={option.id}
            value={option.id}
            control={<Radio />}
            label={option.descripcion}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{mensajes.requerido}</FormHelperText>}
    </FormControl>
  );
}

/**
 * Payment means, shipping and the address for Correo (spec 2 §5: medioPago required; tipoEnvio
 * required when there are products): the cart's step 1 and 'Modificar la compra' share it.
 */
export function PagoEnvioFields({
  medioPago,
  onMedioPago,
  tipoEnvio,
  onTipoEnvio,
  direccion,
  onDireccion,
  showEnvio,
  touched,
  direccionError,
}: {
  medioPago: number | null;
  onMedioPago: (id: number) => void;
  tipoEnvio: number | null;
  onTipoEnvio: (id: number) => void;
  direccion: string;
  onDireccion: (value: string) => void;
  showEnvio: boolean;
  touched: boolean;
  direccionError: string | null;
}) {
  const medios = useMediosPago();
  return (
    <Stack spacing={3}>
      <Choice
        label="Medio de pago"
        options={medios.data?.mediosPago ?? []}
        value={medioPago}
        onChange={onMedioPago}
        error={touched && !medioPago}
      />
      {showEnvio && (
        <Choice
          label="Envío"
          options={medios.data?.tiposEnvio ?? []}
          value={tipoEnvio}
          onChange={onTipoEnvio}
          error={touched && !tipoEnvio}
        />
      )}
      {showEnvio && tipoEnvio === tiposEnvio.correo && (
        <TextField
          label="Dirección de envío"
          value={direccion}
          onChange={(event) => onDireccion(event.target.value)}
          error={touched && Boolean(direccionError)}
          helperText={touched && direccionError ? direccionError : 'Calle, número, ciudad y código postal'}
        />
      )}
    </Stack>
  );
}
