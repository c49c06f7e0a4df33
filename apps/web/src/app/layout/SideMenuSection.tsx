import { Box, List, ListSubheader } from '@mui/material';
import { SideMenuItem, type SideMenuLink } from './SideMenuItem';

interface SideMenuSectionProps {
  /** The navigation landmark's name, for screen readers. */
  ariaLabel: string;
  title: string;
  links: SideMenuLink[];
  onNavigate: () => void;
}

/** A titled side menu: a navigation landmark holding a list under a subheader, one item per link. */
export function SideMenuSection({ ariaLabel, title, links, onNavigate }: SideMenuSectionProps) {
  return (
    <Box component="nav" aria-label={ariaLabel}>
      <List subheader={<ListSubheader>{title}</ListSubheader>}>
        {links.map((link) => (
          <SideMenuItem key={link.to} {...link} onNavigate={onNavigate} />
        ))}
      </List>
    </Box>
  );
}
