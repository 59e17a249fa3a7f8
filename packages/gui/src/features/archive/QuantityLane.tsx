import { Box, Link, List, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { LaneContext } from '../../components/lane-browser/adapter.ts';
import { useUnits } from '../units/index.ts';
import { ArchiveItem } from './ArchiveItem.tsx';
import type { ArchiveLaneConfig } from './archiveAdapter.tsx';
import { arrayPreview, formatScalar, jsonForDisplay, moreItemsText, shapeOf } from './format.ts';
import { MatrixView } from './MatrixView.tsx';
import { isReference, referenceTarget, type ArchiveNode } from './model.ts';
import { convertDeep, displayUnitOf } from './values.ts';

type QuantityNode = Extract<ArchiveNode, { kind: 'quantity' }>;

/** A quantity's lane: its value in the units menu's system, its definition and attributes. */
export function QuantityLane({
  node,
  config,
  context,
}: {
  node: QuantityNode;
  config: ArchiveLaneConfig;
  context: LaneContext;
}) {
  const { units } = useUnits();
  const { definition } = node;
  const unit = useMemo(() => displayUnitOf(definition?.unit, units), [definition?.unit, units]);
  const value = useMemo(() => convertDeep(node.value, unit.convert), [node.value, unit]);
  const attributes = node.attributes ? Object.keys(node.attributes) : [];
  return (
    <Box data-testid="quantity-lane">
      <Typography variant="subtitle2" component="div">
        {node.name}
        {unit.label ? (
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            [{unit.label}]
          </Typography>
        ) : null}
      </Typography>
      {definition?.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {definition.description}
        </Typography>
      ) : null}
      <Box data-testid="quantity-value" sx={{ mb: 1 }}>
        {isReference(definition, node.value) ? (
          <References value={node.value} config={config} />
        ) : (
          <QuantityValue value={value} integer={definition?.type === 'int'} unitLabel={unit.label} />
        )}
      </Box>
      {definition ? (
        <Typography variant="caption" color="text.secondary" component="div">
          type {definition.type}
          {definition.shape.length > 0 ? `, shape [${definition.shape.join(', ')}]` : ''}
          {definition.unit ? `, stored in ${definition.unit}` : ''}
        </Typography>
      ) : null}
      {attributes.length > 0 ? (
        <List dense disablePadding>
          {attributes.map((name) => (
            <ArchiveItem
              key={name}
              itemKey={`@${name}`}
              url={context.itemUrl(`@${name}`)}
              selected={context.selected === `@${name}`}
              label={`@${name}`}
            />
          ))}
        </List>
      ) : null}
    </Box>
  );
}

function QuantityValue({
  value,
  integer,
  unitLabel,
}: {
  value: unknown;
  integer: boolean;
  unitLabel: string;
}) {
  if (Array.isArray(value)) {
    // The first value decides: walking every value of a large array on each render is not worth it.
    let first: unknown = value;
    while (Array.isArray(first)) first = first[0];
    if (typeof first === 'number') return <MatrixView value={value} integer={integer} />;
    if (shapeOf(value).length === 1) {
      const { items, more } = arrayPreview(value);
      return (
        <>
          {items.map((item, index) => (
            <Typography key={index} variant="body2">
              {formatScalar(item, integer)}
            </Typography>
          ))}
          {more > 0 ? <Typography variant="body2">{moreItemsText(more)}</Typography> : null}
        </>
      );
    }
  }
  if (value !== null && typeof value === 'object') return <JsonView value={value} />;
  return (
    <Typography variant="body1" sx={{ wordBreak: 'break-word' }}>
      {formatScalar(value, integer)}
      {unitLabel && typeof value === 'number' ? ` ${unitLabel}` : ''}
    </Typography>
  );
}

export function JsonView({ value }: { value: unknown }) {
  return (
    <Box
      component="pre"
      sx={{ fontSize: '0.75rem', m: 0, overflow: 'auto', maxHeight: 400, bgcolor: 'action.hover', p: 1 }}
    >
      {jsonForDisplay(value)}
    </Box>
  );
}

/** Reference values as links: to a lane of this archive, or to another entry's archive. */
function References({ value, config }: { value: unknown; config: ArchiveLaneConfig }) {
  const values = Array.isArray(value) ? value : [value];
  const { items, more } = arrayPreview(values);
  return (
    <>
      {items.map((reference, index) => {
        const target = referenceTarget(reference);
        const text = String(reference);
        return (
          <Typography key={index} variant="body2" sx={{ wordBreak: 'break-all' }}>
            {target ? (
              <Link
                component={RouterLink}
                to={
                  target.entryId
                    ? config.entryDataUrl(target.entryId, target.keys)
                    : config.laneUrl(target.keys)
                }
              >
                {text}
              </Link>
            ) : (
              text
            )}
          </Typography>
        );
      })}
      {more > 0 ? <Typography variant="body2">{moreItemsText(more)}</Typography> : null}
    </>
  );
}
