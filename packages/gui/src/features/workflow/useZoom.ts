import { select } from 'd3-selection';
import { zoom, zoomIdentity, ZoomTransform, zoomTransform, type ZoomBehavior } from 'd3-zoom';
import { useCallback, useEffect, useRef } from 'react';
import { ZOOM_TRANSITION_MS } from './texts.ts';

const SCALE_EXTENT: [number, number] = [0.2, 5];

/**
 * d3-zoom on an SVG element, applied as the transform of its content group. `reset` eases back to the
 * unzoomed view in ZOOM_TRANSITION_MS (by animation frames: d3-transition is not a dependency).
 */
export function useZoom() {
  const svgRef = useRef<SVGSVGElement>(null);
  const contentRef = useRef<SVGGElement>(null);
  const behaviourRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const frameRef = useRef<number | undefined>(undefined);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const behaviour = zoom<SVGSVGElement, unknown>()
      .scaleExtent(SCALE_EXTENT)
      // d3's default filter, plus: a drag needs the event's window (synthetic events have none).
      .filter(
        (event: MouseEvent) =>
          (!event.ctrlKey || event.type === 'wheel') &&
          !event.button &&
          (event.type === 'wheel' || !!event.view),
      )
      .on('zoom', (event: { transform: ZoomTransform }) => {
        contentRef.current?.setAttribute('transform', event.transform.toString());
      });
    behaviourRef.current = behaviour;
    const selection = select(svg);
    selection.call(behaviour);
    return () => {
      if (frameRef.current !== undefined) cancelAnimationFrame(frameRef.current);
      selection.on('.zoom', null);
      behaviourRef.current = null;
    };
  }, []);

  const reset = useCallback(() => {
    const svg = svgRef.current;
    const behaviour = behaviourRef.current;
    if (!svg || !behaviour) return;
    if (frameRef.current !== undefined) cancelAnimationFrame(frameRef.current);
    const from = zoomTransform(svg);
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / ZOOM_TRANSITION_MS);
      const eased = t * (2 - t);
      const k = from.k + (zoomIdentity.k - from.k) * eased;
      const transform = new ZoomTransform(k, from.x * (1 - eased), from.y * (1 - eased));
      behaviour.transform(select(svg), transform);
      frameRef.current = t < 1 ? requestAnimationFrame(step) : undefined;
    };
    frameRef.current = requestAnimationFrame(step);
  }, []);

  return { svgRef, contentRef, reset };
}
