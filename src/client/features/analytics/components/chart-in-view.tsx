import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';
import type {
  ClicksDrawingProps,
  DailyDrawingProps,
  FollowerDrawingProps,
  PlatformDrawingProps,
} from './chart-drawings';

// Recharts is most of the analytics route's code (issue 22: a route's own JS <= 80 KB gz): the
// drawings are one chunk, fetched when the first chart comes near the viewport.
const drawings = () => import('./chart-drawings');
const DailyDrawing = lazy(() => drawings().then((m) => ({ default: m.DailyDrawing })));
const PlatformDrawing = lazy(() => drawings().then((m) => ({ default: m.PlatformDrawing })));
const FollowerDrawing = lazy(() => drawings().then((m) => ({ default: m.FollowerDrawing })));
const ClicksDrawing = lazy(() => drawings().then((m) => ({ default: m.ClicksDrawing })));

/** Holds the chart's height until its drawing is near the viewport and loaded: nothing shifts. */
function InView({ height, children }: { height: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const placeholder = <div className="rounded-lg bg-slate-50" style={{ height }} />;
  return (
    <div ref={ref} className="min-w-0">
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}

export function DailyChartInView(props: DailyDrawingProps & { height: number }) {
  return (
    <InView height={props.height}>
      <DailyDrawing {...props} />
    </InView>
  );
}

export function PlatformChartInView(props: PlatformDrawingProps & { height: number }) {
  return (
    <InView height={props.height}>
      <PlatformDrawing {...props} />
    </InView>
  );
}

export function FollowerChartInView(props: FollowerDrawingProps & { height: number }) {
  return (
    <InView height={props.height}>
      <FollowerDrawing {...props} />
    </InView>
  );
}

export function ClicksChartInView(props: ClicksDrawingProps & { height: number }) {
  return (
    <InView height={props.height}>
      <ClicksDrawing {...props} />
    </InView>
  );
}
