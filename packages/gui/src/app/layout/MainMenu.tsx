import { Box, Button, Menu, MenuItem, Tooltip } from '@mui/material';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useEnv } from '../../core/EnvProvider.tsx';
import { menuGroups, type MenuGroup } from '../menu.ts';

/** The top menu: one drop-down button per group (Publish, Explore, Analyze, About). */
export function MainMenu() {
  const env = useEnv();
  return (
    <Box component="nav" aria-label="main menu" sx={{ display: 'flex', gap: 0.5 }}>
      {menuGroups(env).map((group) => (
        <MenuGroupButton key={group.label} group={group} />
      ))}
    </Box>
  );
}

/** Groups whose routes start with these prefixes are highlighted as the current group. */
const groupPrefixes: Record<MenuGroup['label'], string[]> = {
  Publish: ['/user'],
  Explore: ['/search'],
  Analyze: ['/analyze'],
  About: ['/about'],
};

function MenuGroupButton({ group }: { group: MenuGroup }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const active = groupPrefixes[group.label].some((prefix) => pathname.startsWith(prefix));
  const close = () => setAnchor(null);
  const menuId = `menu-${group.label.toLowerCase()}`;

  return (
    <>
      <Button
        color={active ? 'primary' : 'inherit'}
        endIcon={<ArrowDropDown />}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={{ fontSize: '1rem', fontWeight: active ? 700 : 600 }}
      >
        {group.label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {group.entries.length === 0 && group.emptyText ? (
          <MenuItem disabled>{group.emptyText}</MenuItem>
        ) : null}
        {group.entries.map((entry) => (
          <Tooltip key={entry.label} title={entry.tooltip} placement="right" describeChild>
            {entry.href ? (
              <MenuItem
                component="a"
                href={entry.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={close}
              >
                {entry.label}
                <OpenInNew fontSize="inherit" sx={{ ml: 1, color: 'text.secondary' }} />
              </MenuItem>
            ) : (
              <MenuItem
                component={RouterLink}
                to={entry.to ?? '/'}
                onClick={close}
                selected={entry.to === pathname}
              >
                {entry.label}
              </MenuItem>
            )}
          </Tooltip>
        ))}
      </Menu>
    </>
  );
}
