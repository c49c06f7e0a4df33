import { List, ListSubheader } from '@mui/material';
import { SideMenuItem, type SideMenuLink } from './SideMenuItem';

interface SideMenuSectionProps {
  /** The navigation landmark's name, for screen readers. */
  ariaLabel: string;
  title: string;
  links: SideMenuLink[];
  onNavigate: () => void;
}

/** A titled side menu: a nav list under a subheader, one item per link. */
export function SideMenuSection({ ariaLabel, title, links, onNavigate }: SideMenuSectionProps) {
  return (
    <List component="nav" aria-label={ariaLabel} subheader={<ListSubheader>{title}</ListSubheader>}>
      {links.map((link) => (
        <SideMenuItem key={link.to} {...link} onNavigate={onNavigate} />
      ))}
    </List>
  );
}
