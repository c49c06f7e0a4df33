import { typographyFont as font, makeClasses } from '../../../shared/ui/makeClasses';

/**
 * The styles of what a widget redraws at each reading: its frame, the value with its unit, the
 * range caption, the compact value, the thermometer's row and the card's date. As classes made
 * once per theme (makeClasses) rather than `sx`, which emotion serializes again at every render.
 */
export const useWidgetClasses = makeClasses((theme) => {
  const secondary = theme.palette.text.secondary;
  const body1 = font(theme.typography.body1);
  const caption = font(theme.typography.caption);
  const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
  const compactValue = {
    ...body1,
    margin: 0,
    textAlign: 'center',
    overflowWrap: 'anywhere',
    fontWeight: 700,
    lineHeight: 1.1,
    ...tabular,
  } as const;
  return {
    /** Every widget: dimmed, greyed and closed to pointer input while the sensor is not connected. */
    frame: {
      position: 'relative',
      height: '100%',
      width: '100%',
      minHeight: 0,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      transition: 'opacity 200ms, filter 200ms',
      '&[data-conectado="no"]': { opacity: 0.55, filter: 'grayscale(0.6)' },
    },
    readout: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
    value: { ...body1, margin: 0, fontSize: '1.9rem', fontWeight: 700, lineHeight: 1, ...tabular },
    unit: { ...body1, fontSize: '0.95rem', color: secondary, marginLeft: theme.spacing(0.5) },
    range: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: theme.spacing(0.75),
      marginTop: theme.spacing(0.25),
    },
    caption: { ...caption, margin: 0, color: secondary, ...tabular },
    compact: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      height: '100%',
      minHeight: 48,
    },
    /** The compact value by its length: short, up to 12 characters, longer. */
    compactShort: { ...compactValue, fontSize: 'clamp(1.5rem, 4vw, 2.25rem)' },
    compactMedium: { ...compactValue, fontSize: '1.5rem' },
    compactLong: { ...compactValue, fontSize: '1.05rem' },
    compactUnit: {
      ...body1,
      fontSize: '0.5em',
      fontWeight: 500,
      marginLeft: theme.spacing(0.5),
      color: secondary,
    },
    thermometer: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: theme.spacing(1.5),
      height: '100%',
      width: '100%',
    },
    thermometerTube: { height: '100%', maxHeight: 150, minHeight: 56 },
    /** The card's 'Última actualización:' line. */
    date: {
      ...caption,
      margin: 0,
      flex: 1,
      color: secondary,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
  };
});
