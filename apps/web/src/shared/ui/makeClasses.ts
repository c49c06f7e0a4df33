import createCache, { type EmotionCache } from '@emotion/cache';
import { type CSSObject, css, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { type Theme, useTheme } from '@mui/material/styles';

/**
 * Class names for styles computed once per theme. MUI's `sx` and `styled` turn their styles into a
 * class on every render of every element (emotion serializes and hashes them each time); a widget
 * re-rendered at each reading paid that for each of its boxes, and at a few hundred readings a
 * second that was a fifth of the page's work. A hook made here serializes and inserts its rules the
 * first time a theme asks, into MUI's emotion cache, and then hands back the same strings.
 *
 * For the few elements drawn over and over (a widget's value, its frame, its caption); the rest of
 * the interface keeps `sx`. Styles use the theme's values themselves (`theme.palette.text.secondary`,
 * `theme.spacing(1)`): `sx` shorthands mean nothing here.
 */
/** A Typography variant's font (family, weight, size, line height, spacing), as MUI's Typography sets it. */
export function typographyFont(variant: {
  fontFamily?: unknown;
  fontWeight?: unknown;
  fontSize?: unknown;
  lineHeight?: unknown;
  letterSpacing?: unknown;
}): CSSObject {
  const { fontFamily, fontWeight, fontSize, lineHeight, letterSpacing } = variant;
  return { fontFamily, fontWeight, fontSize, lineHeight, letterSpacing } as CSSObject;
}

/** Emotion's context has a cache in every browser; this one is for a renderer without it. */
let ownCache: EmotionCache | null = null;
const fallbackCache = () => {
  ownCache ??= createCache({ key: 'nexo' });
  return ownCache;
};

export function makeClasses<K extends string>(
  styles: (theme: Theme) => Record<K, CSSObject>,
): () => Record<K, string> {
  const byCache = new WeakMap<EmotionCache, WeakMap<Theme, Record<K, string>>>();
  return function useClasses() {
    const theme = useTheme();
    const cache = useEmotionCache() ?? fallbackCache();
    let byTheme = byCache.get(cache);
    if (byTheme === undefined) {
      byTheme = new WeakMap();
      byCache.set(cache, byTheme);
    }
    let classes = byTheme.get(theme);
    if (classes === undefined) {
      const made: Partial<Record<K, string>> = {};
      for (const [key, style] of Object.entries(styles(theme)) as [K, CSSObject][]) {
        const serialized = css(style);
        const className = `${cache.key}-${serialized.name}`;
        if (cache.inserted[serialized.name] === undefined)
          cache.insert(`.${className}`, serialized, cache.sheet, true);
        made[key] = className;
      }
      classes = made as Record<K, string>;
      byTheme.set(theme, classes);
    }
    return classes;
  };
}
