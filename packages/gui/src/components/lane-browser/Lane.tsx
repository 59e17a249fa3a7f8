import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, type UIEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText } from '../../core/errorText.ts';
import type { LaneAdapter, LaneContext, LaneItem, LanePage } from './adapter.ts';
import { FailureAlertBoundary } from '../FailureBoundary.tsx';
import { initFailedText, isScrolledToEnd, renderFailedText } from './texts.ts';

const minLaneWidth = 200;

interface LaneProps {
  adapter: LaneAdapter;
  context: LaneContext;
  /** The last lane is drawn without a right border. */
  last: boolean;
}

/** One column of the browser: title, the adapter's rendered content, then its items loaded page by page. */
export function Lane({ adapter, context, last }: LaneProps) {
  return (
    <Box
      data-testid="lane"
      sx={{
        flex: '0 0 auto',
        width: adapter.width,
        minWidth: adapter.width ?? minLaneWidth,
        maxWidth: adapter.width ?? 400,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRight: last ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      {/* A crashing lane (e.g. a viewer fed a bad file) does not take the whole browser down. */}
      <FailureAlertBoundary message={renderFailedText}>
        {adapter.title ? (
          <Typography variant="subtitle2" sx={{ px: 1, pt: 1 }} component="h3" noWrap>
            {adapter.title}
          </Typography>
        ) : null}
        {adapter.list ? (
          <LaneItems adapter={adapter} context={context} />
        ) : (
          <Box sx={{ overflow: 'auto', flex: 1, p: 1 }}>{adapter.render?.(context)}</Box>
        )}
      </FailureAlertBoundary>
    </Box>
  );
}

function LaneItems({ adapter, context }: { adapter: LaneAdapter; context: LaneContext }) {
  const list = adapter.list;
  const query = useInfiniteQuery<LanePage>({
    queryKey: [...adapter.cacheKey, 'items'],
    queryFn: ({ pageParam, signal }) =>
      list ? list(pageParam as number, signal) : Promise.resolve({ items: [], hasMore: false }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      if (hasNextPage && !isFetchingNextPage && isScrolledToEnd(event.currentTarget)) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box sx={{ overflowY: 'auto', flex: 1 }} onScroll={onScroll} data-testid="lane-scroll">
      {adapter.render ? <Box sx={{ p: 1 }}>{adapter.render(context)}</Box> : null}
      {query.isPending ? (
        <CircularProgress size={20} sx={{ m: 1 }} />
      ) : query.isError ? (
        <Alert severity="error">
          {context.keys.length === 0 ? `${initFailedText}: ` : null}
          {errorText(query.error)}
        </Alert>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <LaneRow
              key={item.key}
              item={item}
              selected={item.key === context.selected}
              url={context.itemUrl(item.key)}
            />
          ))}
          {isFetchingNextPage ? <CircularProgress size={16} sx={{ m: 1 }} /> : null}
        </List>
      )}
    </Box>
  );
}

function LaneRow({ item, selected, url }: { item: LaneItem; selected: boolean; url: string }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={item.href ?? url}
      selected={selected}
      data-testid="lane-item"
      data-key={item.key}
      sx={
        item.highlighted ? { fontWeight: 'bold', bgcolor: selected ? undefined : 'action.hover' } : undefined
      }
    >
      {item.icon ? <ListItemIcon sx={{ minWidth: 32 }}>{item.icon}</ListItemIcon> : null}
      <ListItemText
        primary={item.label}
        secondary={item.secondary}
        slotProps={{ primary: { noWrap: true, sx: item.highlighted ? { fontWeight: 'bold' } : undefined } }}
      />
      {item.chips?.map((chip) => (
        <Chip key={chip.label} label={chip.label} title={chip.title} size="small" sx={{ ml: 0.5 }} />
      ))}
    </ListItemButton>
  );
}
