/** Line icons of the marketing pages, in the style of the shell's icons. */
import { Svg, type IconProps } from "../shell/icons";

export const ScanIcon = (p: IconProps) => (
  <Svg className="h-7 w-7" strokeWidth={1.8} {...p}>
    <path d="M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2" />
    <path d="M12 7l4 2.3v4.6L12 16l-4-2.1V9.3z" />
    <path d="M3 12h18" strokeDasharray="2 2" />
  </Svg>
);
export const PrinterIcon = (p: IconProps) => (
  <Svg className="h-7 w-7" strokeWidth={1.8} {...p}>
    <path d="M4 3h16v4H4zM6 7v13M18 7v13M4 20h16" />
    <path d="M10 7v3l2 2 2-2V7" />
    <path d="M9 17h6M8 15h8" />
  </Svg>
);
export const SpoolIcon = (p: IconProps) => (
  <Svg className="h-7 w-7" strokeWidth={1.8} {...p}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1.5" />
    <path d="M21 12h2" />
  </Svg>
);
export const MaskIcon = (p: IconProps) => (
  <Svg className="h-7 w-7" strokeWidth={1.8} {...p}>
    <path d="M4 6c5-2 11-2 16 0 0 7-3 12-8 13-5-1-8-6-8-13z" />
    <path d="M8 11l2 1M16 11l-2 1M10 16h4" />
  </Svg>
);
export const ClapperIcon = (p: IconProps) => (
  <Svg className="h-7 w-7" strokeWidth={1.8} {...p}>
    <path d="M3 10h18v10H3z" />
    <path d="M3 10l1.5-5 16 4.5L21 10M8 5.5l2 4M13 7l2 3" />
  </Svg>
);
export const LampIcon = (p: IconProps) => (
  <Svg className="h-7 w-7" strokeWidth={1.8} {...p}>
    <path d="M8 3h8l3 8H5z" />
    <path d="M12 11v8M8 21h8" />
  </Svg>
);
export const CheckIcon = (p: IconProps) => (
  <Svg className="h-7 w-7" strokeWidth={1.8} {...p}>
    <path d="M5 12l5 5L20 7" />
  </Svg>
);
export const PinIcon = (p: IconProps) => (
  <Svg className="h-7 w-7" strokeWidth={1.8} {...p}>
    <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </Svg>
);
export const ClockIcon = (p: IconProps) => (
  <Svg className="h-7 w-7" strokeWidth={1.8} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);
