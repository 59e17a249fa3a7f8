import { WIDGET_TYPES } from '@oasis/schema';
import AddIcon from '@mui/icons-material/Add';
import CodeIcon from '@mui/icons-material/Code';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useStore } from 'zustand';
import { DashboardGrid } from './DashboardGrid.tsx';
import { DashboardProvider, useDashboardStore, useOptionalDashboardStore } from './DashboardProvider.tsx';
import { DashboardYamlDialog } from './DashboardYamlDialog.tsx';
import { configOf } from './store.ts';
import { WidgetEditDialog } from './WidgetEditDialog.tsx';

/**
 * The search page's widget dashboard for the app of the surrounding search context: the app's
 * configured widgets, or what the user made of them (kept per app). Uses the DashboardProvider above
 * it if there is one, so that the filter menu can toggle widgets too.
 */
export function Dashboard() {
  const store = useOptionalDashboardStore();
  if (store) return <DashboardView />;
  return (
    <DashboardProvider>
      <DashboardView />
    </DashboardProvider>
  );
}

function DashboardView() {
  const store = useDashboardStore();
  const widgets = useStore(store, (state) => state.widgets);
  const expanded = useStore(store, (state) => state.expanded);
  const actions = store.getState();
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);
  const [yamlOpen, setYamlOpen] = useState(false);
  const visible = widgets.filter((widget) => widget.visible);
  const editing = widgets.find((widget) => widget.editing);

  return (
    <Box component="section" aria-label="Dashboard" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Button
          size="small"
          startIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          aria-expanded={expanded}
          onClick={() => actions.setExpanded(!expanded)}
        >
          {expanded ? 'Hide widgets' : `Show widgets (${visible.length})`}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" startIcon={<AddIcon />} onClick={(event) => setAddMenu(event.currentTarget)}>
          Add widget
        </Button>
        <Menu anchorEl={addMenu} open={addMenu !== null} onClose={() => setAddMenu(null)}>
          {WIDGET_TYPES.map(({ type, label }) => (
            <MenuItem
              key={type}
              onClick={() => {
                setAddMenu(null);
                actions.add(type);
                actions.setExpanded(true);
              }}
            >
              {label}
            </MenuItem>
          ))}
        </Menu>
        <Tooltip title="Show the widgets as YAML, or replace them from YAML" enterDelay={400} describeChild>
          <Button size="small" startIcon={<CodeIcon />} onClick={() => setYamlOpen(true)}>
            YAML
          </Button>
        </Tooltip>
        <Tooltip title="Back to the widgets of this app" enterDelay={400} describeChild>
          <Button size="small" startIcon={<ReplayIcon />} onClick={actions.reset}>
            Reset
          </Button>
        </Tooltip>
      </Box>
      {expanded ? (
        visible.length > 0 ? (
          <DashboardGrid
            widgets={visible}
            onEdit={actions.edit}
            onRemove={actions.remove}
            onChange={actions.accept}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No widgets on the dashboard.
          </Typography>
        )
      ) : null}
      {editing ? (
        <WidgetEditDialog
          key={editing.id}
          config={configOf(editing)}
          onAccept={(config) => actions.accept(editing.id, config)}
          onCancel={() => actions.cancel(editing.id)}
        />
      ) : null}
      {yamlOpen ? (
        <DashboardYamlDialog
          widgets={visible.map(configOf)}
          onClose={() => setYamlOpen(false)}
          onSave={(configs) => {
            actions.replace(configs);
            setYamlOpen(false);
          }}
        />
      ) : null}
    </Box>
  );
}
