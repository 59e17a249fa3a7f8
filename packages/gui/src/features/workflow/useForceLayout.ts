import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY } from 'd3-force';
import type { SimulationLinkDatum, SimulationNodeDatum } from 'd3-force';
import { useEffect, useState } from 'react';
import type { GraphLink } from './graph.ts';
import type { Point } from './layout.ts';

interface ForceNode extends SimulationNodeDatum {
  id: string;
  home: Point;
}

/**
 * Node positions: the column layout, or, while `enabled`, a d3-force simulation that starts from it and
 * keeps each node drawn towards its column. The simulation stops by itself (d3's alpha decay) and when
 * disabled or the graph changes.
 */
export function useForceLayout(
  layout: Map<string, Point> | undefined,
  links: readonly GraphLink[] | undefined,
  enabled: boolean,
): Map<string, Point> | undefined {
  const [simulated, setSimulated] = useState<Map<string, Point> | undefined>(undefined);

  useEffect(() => {
    setSimulated(undefined);
    if (!enabled || !layout || !links) return;
    const nodes: ForceNode[] = [...layout].map(([id, home]) => ({ id, home, x: home.x, y: home.y }));
    const edges: Array<SimulationLinkDatum<ForceNode>> = links.map((link) => ({ ...link }));
    const simulation = forceSimulation(nodes)
      .force(
        'link',
        forceLink<ForceNode, SimulationLinkDatum<ForceNode>>(edges)
          .id((node) => node.id)
          .distance(140),
      )
      .force('charge', forceManyBody().strength(-250))
      .force('collide', forceCollide(36))
      .force('x', forceX<ForceNode>((node) => node.home.x).strength(0.2))
      .force('y', forceY<ForceNode>((node) => node.home.y).strength(0.05))
      .on('tick', () => {
        setSimulated(new Map(nodes.map((node) => [node.id, { x: node.x ?? 0, y: node.y ?? 0 }])));
      });
    return () => {
      simulation.stop();
    };
  }, [layout, links, enabled]);

  return (enabled && simulated) || layout;
}
