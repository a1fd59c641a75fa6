// Line icons (24×24, stroke = currentColor) used across the shell. Decorative: aria-hidden, the
// control that holds one carries the accessible label. Each icon is its shapes only: path data as a
// string, rect() and circle() for the rest; lineIcon() draws them all in the one stroke style.
import { createElement, type ReactElement, type SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };
type Shape = string | ReactElement;

const rect = (x: number, y: number, width: number, height: number, rx: number) => <rect x={x} y={y} width={width} height={height} rx={rx} />;
const circle = (cx: number, cy: number, r: number) => <circle cx={cx} cy={cy} r={r} />;

function lineIcon(...shapes: Shape[]) {
  // Passed as separate children (not one array), so React asks for no keys.
  const children = shapes.map((shape) => (typeof shape === 'string' ? createElement('path', { d: shape }) : shape));
  return ({ size = 20, ...rest }: IconProps) =>
    createElement(
      'svg',
      {
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 1.8,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        'aria-hidden': 'true',
        focusable: 'false',
        ...rest,
      } satisfies SVGProps<SVGSVGElement>,
      ...children,
    );
}

export const HomeIcon = lineIcon('M3 10.5 12 3l9 7.5', 'M5 9.5V21h5v-6h4v6h5V9.5');
export const AgentIcon = lineIcon(rect(4, 7, 16, 12, 3), 'M12 3v4M9 12h.01M15 12h.01M9.5 16h5');
export const FlowIcon = lineIcon(rect(3, 3, 6, 6, 1.5), rect(15, 15, 6, 6, 1.5), 'M6 9v3a3 3 0 0 0 3 3h6');
export const PagesIcon = lineIcon(rect(3, 4, 18, 16, 2), 'M3 9h18M9 9v11');
export const MissionIcon = lineIcon(circle(12, 12, 9), circle(12, 12, 5), circle(12, 12, 1));
export const ContentIcon = lineIcon('M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z', 'M14 3v5h5M9 13h6M9 17h4');
export const AdminIcon = lineIcon('M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z', 'm9 12 2 2 4-4');
export const DashboardIcon = lineIcon(rect(3, 3, 7, 9, 1.5), rect(14, 3, 7, 5, 1.5), rect(14, 12, 7, 9, 1.5), rect(3, 16, 7, 5, 1.5));
export const TeamIcon = lineIcon(circle(9, 8, 3.5), 'M2.5 20a6.5 6.5 0 0 1 13 0', 'M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8');
export const ChevronIcon = lineIcon('m9 6 6 6-6 6');
export const ArrowLeftIcon = lineIcon('M19 12H5M11 18l-6-6 6-6');
export const ArrowRightIcon = lineIcon('M5 12h14M13 6l6 6-6 6');
export const SparkIcon = lineIcon('M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.5 2.5M15.2 15.2l2.5 2.5M6.3 17.7l2.5-2.5M15.2 8.8l2.5-2.5');
export const ClockIcon = lineIcon(circle(12, 12, 9), 'M12 7v5l3 2');
export const CodeIcon = lineIcon('m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14');
export const RocketIcon = lineIcon(
  'M5 15c-1.5 1.5-2 4-2 6 2 0 4.5-.5 6-2',
  'M9 15 5 11l3-1 6-6c2-2 5-2 7-2 0 2 0 5-2 7l-6 6-1 3z',
  circle(15, 9, 1.5),
);
export const LockIcon = lineIcon(rect(4, 10, 16, 11, 2), 'M8 10V7a4 4 0 0 1 8 0v3');
export const ChartIcon = lineIcon('M3 3v18h18', 'M7 15v2M11 11v6M15 7v10M19 12v5');
export const GlobeIcon = lineIcon(circle(12, 12, 9), 'M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z');
export const PlugIcon = lineIcon('M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0zM12 17v4');
export const DragIcon = lineIcon(rect(3, 3, 8, 8, 1.5), 'M14 7h7M14 17h7M17.5 14v6M3 17h8');
export const TrendIcon = lineIcon('m3 17 6-6 4 4 8-8', 'M15 7h6v6');
export const BookIcon = lineIcon('M4 19.5V5a2 2 0 0 1 2-2h14v16H6.5A2.5 2.5 0 0 0 4 21.5z', 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20');
export const ToolIcon = lineIcon('M14.7 6.3a4 4 0 0 0 5 5L21 13l-8 8-3-3 1.3-1.3a4 4 0 0 0-5-5L3 10l8-8z');
export const ChatIcon = lineIcon('M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z');
export const CheckIcon = lineIcon('m5 12.5 4.5 4.5L19 7.5');
export const PlusIcon = lineIcon('M12 5v14M5 12h14');
export const MailIcon = lineIcon(rect(3, 5, 18, 14, 2), 'm3 7 9 6 9-6');
export const FolderIcon = lineIcon('M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2.5h8.5A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z');
