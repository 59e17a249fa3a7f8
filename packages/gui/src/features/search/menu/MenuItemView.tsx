import ChevronRight from '@mui/icons-material/ChevronRight';
import { Alert, Box, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { MenuConfig, MenuItemConfig } from '@oasis/schema';
import { CustomQuantitiesItem } from './CustomQuantitiesItem.tsx';
import { DefinitionsItem } from './DefinitionsItem.tsx';
import { HistogramItem } from './HistogramItem.tsx';
import { NestedObjectItem } from './NestedObjectItem.tsx';
import { OptimadeItem } from './OptimadeItem.tsx';
import { PeriodicTableItem } from './PeriodicTableItem.tsx';
import { TermsItem } from './TermsItem.tsx';
import { VisibilityItem } from './VisibilityItem.tsx';

/** A key that changes with what an item shows, so that React does not hand one filter's state to another. */
export function itemKey(item: MenuItemConfig, index: number): string {
  const record = item as Record<string, unknown>;
  const axis = record.x as { search_quantity?: unknown } | undefined;
  const target = record.search_quantity ?? record.path ?? axis?.search_quantity ?? record.title ?? '';
  return `${index}:${item.type}:${String(target)}`;
}

export interface MenuItemViewProps {
  item: MenuItemConfig;
  /** Opens a sub-menu beside the current one. */
  onOpen(menu: MenuConfig): void;
  /** The sub-menu open beside this one, to mark its entry. */
  openMenu?: MenuConfig;
}

/** One item of a filter menu, by its type (spec 2 §2); an unknown type is reported as an error. */
export function MenuItemView({ item, onOpen, openMenu }: MenuItemViewProps) {
  const type: string = item.type;
  switch (item.type) {
    case 'terms':
      return <TermsItem config={item} />;
    case 'histogram':
      return <HistogramItem config={item} />;
    case 'periodic_table':
      return <PeriodicTableItem config={item} />;
    case 'nested_object':
      return (
        <NestedObjectItem
          config={item}
          renderItem={(child, index) => (
            <MenuItemView key={index} item={child} onOpen={onOpen} openMenu={openMenu} />
          )}
        />
      );
    case 'visibility':
      return <VisibilityItem title={item.title} showHeader={item.show_header} />;
    case 'definitions':
      return <DefinitionsItem title={item.title} showHeader={item.show_header} />;
    case 'optimade':
      return <OptimadeItem title={item.title} showHeader={item.show_header} />;
    case 'custom_quantities':
      return <CustomQuantitiesItem title={item.title} showHeader={item.show_header} />;
    case 'menu':
      return <MenuEntry menu={item} onOpen={onOpen} open={openMenu === item} />;
    default:
      return <Alert severity="error">Unknown filter menu item type "{type}".</Alert>;
  }
}

/** A menu with items opens as a sub-menu; one without items is a heading that groups those below it. */
function MenuEntry({
  menu,
  onOpen,
  open,
}: {
  menu: MenuConfig;
  onOpen(menu: MenuConfig): void;
  open: boolean;
}) {
  const indent = (menu.indentation ?? 0) * 2;
  if (!menu.items || menu.items.length === 0) {
    return (
      <Typography
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', pl: indent, pt: 1, lineHeight: 2 }}
      >
        {menu.title}
      </Typography>
    );
  }
  return (
    <Box>
      <ListItemButton
        dense
        selected={open}
        onClick={() => onOpen(menu)}
        sx={{ pl: indent + 1, borderRadius: 1 }}
      >
        <ListItemText primary={menu.title} />
        <ChevronRight fontSize="small" />
      </ListItemButton>
    </Box>
  );
}
