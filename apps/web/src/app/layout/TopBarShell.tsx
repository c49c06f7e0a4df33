import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { landingPathFor, useSession } from '../../shared/api/session';
import { visuallyHidden } from '../../shared/ui/visuallyHidden';

/**
 * The top bar as far as it needs no data: the bar, the phone's menu button and the brand. The
 * frame's TopBar puts its controls in it; the frame's skeleton (FrameSkeleton) draws it alone,
 * with the menu button disabled until the menu's code has arrived.
 */
export function TopBarShell({ onOpenMenu, children }: { onOpenMenu?: () => void; children?: ReactNode }) {
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <IconButton
          edge="start"
          aria-label="Abrir menú"
          onClick={onOpenMenu}
          disabled={!onOpenMenu}
          sx={{ display: { md: 'none' } }}
        >
          <MenuRoundedIcon />
        </IconButton>
        <BrandLink />
        {children}
      </Toolbar>
    </AppBar>
  );
}

/**
 * The logo and name, a link to the user's landing page: Nexo's logo and word, or the company's
 * logo.
 */
function BrandLink() {
  const { usuario } = useSession();
  const companyLogo = usuario?.empresa?.logoUrl || undefined;
  return (
    <Box
      component={RouterLink}
      to={landingPathFor(usuario)}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        position: 'relative',
        textDecoration: 'none',
        color: 'inherit',
        mr: 1,
      }}
    >
      <Box
        component="img"
        src={companyLogo ?? '/logo.svg'}
        // A company's logo names the link; Nexo's is named by the word beside it.
        alt={companyLogo ? (usuario?.empresa?.nombre ?? '') : ''}
        // The Nexo logo is square; a company's keeps its own proportions within 140 px.
        {...(companyLogo ? {} : { width: 34 })}
        height={34}
        sx={{ height: 34, maxWidth: 140, objectFit: 'contain' }}
      />
      {!companyLogo && (
        <Typography
          variant="h6"
          component="span"
          // On a phone the word is hidden from sight only: it still names the link.
          sx={{
            fontWeight: 800,
            '@media (max-width: 599.95px)': { ...visuallyHidden, left: 0 },
          }}
        >
          Nexo
        </Typography>
      )}
    </Box>
  );
}
