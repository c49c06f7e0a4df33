import type { ThemeOptions } from '@mui/material/styles';

let numberFormat: Intl.NumberFormat | undefined;

/** Thousands as MUI's Spanish locale writes them; the formatter is made on first use. */
function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  numberFormat ??= new Intl.NumberFormat('es-ES');
  return numberFormat.format(value);
}

const pageLabel = (type: string): string => {
  if (type === 'first') return 'Ir a la primera página';
  if (type === 'last') return 'Ir a la última página';
  if (type === 'next') return 'Ir a la página siguiente';
  return 'Ir a la página anterior';
};

/**
 * The texts of MUI's own components in Spanish: those of `esES` (@mui/material/locale), whose
 * module makes an `Intl.NumberFormat` as soon as it loads. That was about 12 ms of every first
 * load's script evaluation, before anything painted, for a formatter only a table's pager uses;
 * here it is made when a pager first needs it.
 */
export const muiSpanish: ThemeOptions = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'Mostrar ruta' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: pageLabel,
        labelRowsPerPage: 'Filas por página:',
        labelDisplayedRows: ({ from, to, count }) =>
          `${formatNumber(from)}–${formatNumber(to)} de ${count !== -1 ? formatNumber(count) : `más de ${formatNumber(to)}`}`,
      },
    },
    MuiRating: {
      defaultProps: {
        getLabelText: (value) => `${value} Estrella${value !== 1 ? 's' : ''}`,
        emptyLabelText: 'Vacío',
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Limpiar',
        closeText: 'Cerrar',
        loadingText: 'Cargando…',
        noOptionsText: 'Sin opciones',
        openText: 'Abierto',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': 'Paginador',
        getItemAriaLabel: (type, page, selected) =>
          type === 'page' ? `${selected ? '' : 'Ir a la '}página ${page}` : pageLabel(type),
      },
    },
  },
};
