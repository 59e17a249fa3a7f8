import ChevronLeft from '@mui/icons-material/ChevronLeft';
import Close from '@mui/icons-material/Close';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import type { MenuConfig, MenuItemConfig } from '@oasis/schema';
import { useState, type ReactNode } from 'react';
import { useSearchFilters } from '../context/index.ts';
import { itemKey, MenuItemView } from './MenuItemView.tsx';
import { COLLAPSED_WIDTH, menuWidth } from './sizes.ts';

/**
 * The filter menu of a search page (spec 2 §2): the app's menu on the left, sub-menus opening beside
 * it, collapsible to a narrow strip that shows 'Filters' rotated.
 */
export function FilterMenu() {
  const { app } = useSearchFilters();
  const root = app.menu?.type === 'menu' ? app.menu : undefined;
  const [collapsed, setCollapsed] = useState(false);
  // The open sub-menus, outermost first.
  const [stack, setStack] = useState<MenuConfig[]>([]);
  const title = root?.title ?? 'Filters';
  const openFrom = (depth: number) => (menu: MenuConfig) =>
    setStack((current) =>
      current[depth] === menu ? current.slice(0, depth) : [...current.slice(0, depth), menu],
    );

  if (collapsed) {
    return (
      <Paper
        variant="outlined"
        component="nav"
        aria-label={title}
        sx={{ width: COLLAPSED_WIDTH, flexShrink: 0, alignSelf: 'stretch', cursor: 'pointer' }}
        onClick={() => setCollapsed(false)}
      >
        <Tooltip title="Show the filter menu" placement="right">
          <Box
            role="button"
            aria-label="Show the filter menu"
            sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}
          >
            <Typography variant="button" sx={{ writingMode: 'vertical-rl', transform: 'rotate(180deg)' }}>
              {title}
            </Typography>
          </Box>
        </Tooltip>
      </Paper>
    );
  }

  return (
    <Box sx={{ display: 'flex', alignSelf: 'stretch', flexShrink: 0 }}>
      <MenuPanel
        label={title}
        width={menuWidth(root?.size)}
        items={root?.items ?? []}
        openMenu={stack[0]}
        onOpen={openFrom(0)}
        action={
          <Tooltip title="Hide the filter menu">
            <IconButton size="small" aria-label="Hide the filter menu" onClick={() => setCollapsed(true)}>
              <ChevronLeft fontSize="small" />
            </IconButton>
          </Tooltip>
        }
      />
      {stack.map((menu, depth) => (
        <MenuPanel
          // A different sub-menu is a new panel: its filters must not inherit the state of the last one's.
          key={`${depth}:${itemKey(menu, depth)}`}
          label={menu.title ?? ''}
          width={menuWidth(menu.size, 'md')}
          items={menu.items ?? []}
          openMenu={stack[depth + 1]}
          onOpen={openFrom(depth + 1)}
          action={
            <IconButton
              size="small"
              aria-label={`Close ${menu.title ?? 'menu'}`}
              onClick={() => setStack(stack.slice(0, depth))}
            >
              <Close fontSize="small" />
            </IconButton>
          }
        />
      ))}
    </Box>
  );
}

interface PanelProps {
  label: string;
  width: string;
  items: readonly MenuItemConfig[];
  openMenu: MenuConfig | undefined;
  onOpen(menu: MenuConfig): void;
  action: ReactNode;
}

function MenuPanel({ label, width, items, openMenu, onOpen, action }: PanelProps) {
  return (
    <Paper
      variant="outlined"
      component="nav"
      aria-label={label}
      sx={{
        width,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: 'calc(100vh - 6rem)',
        position: 'sticky',
        top: 0,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 1.5,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {label}
        </Typography>
        {action}
      </Box>
      <Box sx={{ overflowY: 'auto', px: 1.5, py: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {items.map((item, index) => (
          <MenuItemView key={itemKey(item, index)} item={item} onOpen={onOpen} openMenu={openMenu} />
        ))}
      </Box>
    </Paper>
  );
}
