import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { FormularioTarjetaSchema, mensajes, type PagoTarjeta } from '@nexo/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { useConfigPagos } from '../api/shopQueries';
import { CardError, createCardTokenizer } from '../payments/cardTokenizer';

const CardFieldsSchema = FormularioTarjetaSchema.omit({ cantidadMeses: true });
type Values = z.input<typeof CardFieldsSchema>;

const fields: Array<{
  name: keyof Values;
  label: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email';
}> = [
  { name: 'cardNumber', label: 'Número de tarjeta', autoComplete: 'cc-number', inputMode: 'numeric' },
  { name: 'cardholderName', label: 'Nombre del titular', autoComplete: 'cc-name' },
  {
    name: 'cardExpirationMonth',
    label: 'Mes de vencimiento',
    autoComplete: 'cc-exp-month',
    inputMode: 'numeric',
  },
  {
    name: 'cardExpirationYear',
    label: 'Año de vencimiento',
    autoComplete: 'cc-exp-year',
    inputMode: 'numeric',
  },
  { name: 'securityCode', label: 'Código de seguridad', autoComplete: 'cc-csc', inputMode: 'numeric' },
  { name: 'docNumber', label: 'Número de documento', inputMode: 'numeric' },
  { name: 'email', label: 'E-mail', autoComplete: 'email', inputMode: 'email' },
];

/**
 * The card step (spec 2 §3 Payment form, §5 card rules). The card is tokenized by the gateway's
 * SDK (MercadoPago.js, or the sandbox) and only the token reaches `onPay`; tokenization errors land
 * on their field with the spec's texts (325, 326, E301, E302, 316, 324, card lookup). The form checks
 * each field first with the same texts (and the number's Luhn digit), so nothing faulty is sent.
 */
export function CardForm({
  submitLabel,
  defaultEmail,
  offerRenewal = false,
  onPay,
}: {
  submitLabel: string;
  defaultEmail: string;
  /** Licences: offer charging the card again every period (a gateway subscription). */
  offerRenewal?: boolean;
  onPay: (pago: PagoTarjeta, options: { renovacionAutomatica: boolean }) => Promise<void>;
}) {
  const config = useConfigPagos();
  const alerts = useAlerts();
  const tokenizer = useMemo(() => (config.data ? createCardTokenizer(config.data) : null), [config.data]);
  const [busy, setBusy] = useState(false);
  const [renewal, setRenewal] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(CardFieldsSchema),
    defaultValues: {
      email: defaultEmail,
      docType: 'DNI',
      docNumber: '',
      cardholderName: '',
      cardExpirationMonth: '',
      cardExpirationYear: '',
      securityCode: '',
      cardNumber: '',
      installments: 1,
    },
  });

  const submit = form.handleSubmit(async (values) => {
    if (!tokenizer) return;
    // This year's card that expired in an earlier month: the provider's 326, before anything is sent.
    const today = new Date();
    const year = values.cardExpirationYear.trim();
    if (
      Number(year.length === 2 ? `20${year}` : year) === today.getFullYear() &&
      Number(values.cardExpirationMonth) < today.getMonth() + 1
    ) {
      form.setError('cardExpirationYear', { message: mensajes.tarjetaAnioInvalido }, { shouldFocus: true });
      return;
    }
    setBusy(true);
    try {
      const card = {
        cardNumber: values.cardNumber,
        cardholderName: values.cardholderName,
        cardExpirationMonth: values.cardExpirationMonth,
        cardExpirationYear: values.cardExpirationYear,
        securityCode: values.securityCode,
        docType: values.docType,
        docNumber: values.docNumber,
      };
      const method = await tokenizer.paymentMethod(card.cardNumber.replace(/\s+/g, '').slice(0, 6));
      const token = await tokenizer.createToken(card);
      await onPay(
        {
          token,
          paymentMethodId: method.id,
          issuerId: method.issuerId,
          installments: 1,
          email: values.email,
          docType: values.docType,
          docNumber: values.docNumber,
        },
        { renovacionAutomatica: offerRenewal && renewal },
      );
    } catch (error) {
      if (error instanceof CardError) {
        for (const item of error.errores) {
          form.setError(item.campo as keyof Values, { type: 'server', message: item.mensaje });
        }
        alerts.error(error.message);
      } else {
        alerts.error(error);
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate>
      {config.data?.modoPrueba && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Typography variant="body2">
            Modo de prueba: use la tarjeta 5031 7557 3453 0604, vencimiento 11/2030, código 123. El titular
            elige el resultado: APRO aprueba, CONT queda en revisión, FUND u OTHE rechazan.
          </Typography>
        </Alert>
      )}
      <Stack spacing={1.5}>
        <Controller
          control={form.control}
          name="docType"
          render={({ field }) => (
            <TextField select size="small" label="Tipo de documento" {...field}>
              {['DNI', 'CUIT', 'CUIL', 'Pasaporte'].map((tipo) => (
                <MenuItem key={tipo} value={tipo}>
                  {tipo}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {fields.map((item) => (
          <Controller
            key={item.name}
            control={form.control}
            name={item.name}
            render={({ field, fieldState }) => (
              <TextField
                size="small"
                label={item.label}
                {...field}
                value={field.value ?? ''}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { autoComplete: item.autoComplete, inputMode: item.inputMode } }}
              />
            )}
          />
        ))}
        {offerRenewal && (
          <FormControlLabel
            control={<Checkbox checked={renewal} onChange={(event) => setRenewal(event.target.checked)} />}
            label="Renovar automáticamente al terminar cada período"
          />
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !tokenizer}
          startIcon={busy ? <CircularProgress size={16} /> : null}
        >
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
