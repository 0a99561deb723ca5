/** Small stroke icons, drawn inline so the window loads nothing from outside. */
import type { ReactNode } from 'react';

/** `pointsAlongLine`: an icon that points forward along the text, mirrored in right-to-left. */
function Icon({
  children,
  pointsAlongLine = false,
}: {
  children: ReactNode;
  pointsAlongLine?: boolean;
}) {
  return (
    <svg
      className={pointsAlongLine ? 'icon points-along-line' : 'icon'}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const RefreshIcon = () => (
  <Icon>
    <path d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9" />
    <path d="M13.5 2.5v3h-3" />
  </Icon>
);

export const SettingsIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="2" />
    <path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" />
  </Icon>
);

export const PlusIcon = () => (
  <Icon>
    <path d="M8 3v10M3 8h10" />
  </Icon>
);

export const CopyIcon = () => (
  <Icon>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 5.5v-2a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
  </Icon>
);

export const KeyIcon = () => (
  <Icon>
    <circle cx="5" cy="11" r="2.5" />
    <path d="M6.8 9.2 13 3M11 5l1.5 1.5M9.5 6.5 11 8" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M4 4l8 8M12 4l-8 8" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon>
    <circle cx="7" cy="7" r="4.5" />
    <path d="M10.5 10.5 14 14" />
  </Icon>
);

export const WarningIcon = () => (
  <Icon>
    <path d="M8 2 14.5 13.5h-13z" />
    <path d="M8 6.5v3M8 11.5v.01" />
  </Icon>
);

export const PencilIcon = () => (
  <Icon>
    <path d="M10.5 2.5 13.5 5.5 5.5 13.5H2.5v-3z" />
    <path d="M9 4l3 3" />
  </Icon>
);

export const GridIcon = () => (
  <Icon>
    <rect x="2.5" y="2.5" width="4.5" height="4.5" rx="1" />
    <rect x="9" y="2.5" width="4.5" height="4.5" rx="1" />
    <rect x="2.5" y="9" width="4.5" height="4.5" rx="1" />
    <rect x="9" y="9" width="4.5" height="4.5" rx="1" />
  </Icon>
);

/** Points forward (right, or left in RTL) when folded; turned down by the stylesheet when open. */
export const ChevronIcon = () => (
  <Icon pointsAlongLine>
    <path d="M6 3.5 10.5 8 6 12.5" />
  </Icon>
);

/** A device back online: an arrow up into a filled disc (drawn in the mark's colour). */
export const BackOnlineIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="6.5" fill="currentColor" stroke="none" />
    <path d="M8 11.5v-7M5 7l3-3 3 3" stroke="var(--mark-ground, #fff)" />
  </Icon>
);

/** A device gone offline: an arrow down onto a line, hollow (the shape differs from coming back). */
export const WentOfflineIcon = () => (
  <Icon>
    <path d="M8 2v8.5M4.5 7 8 10.5 11.5 7M3 13.5h10" />
  </Icon>
);

/** The changed devices brought up to the top. */
export const ToTopIcon = () => (
  <Icon>
    <path d="M3 2.5h10M8 14V5.5M4.5 9 8 5.5 11.5 9" />
  </Icon>
);

/** An end at a time of day: a clock face. */
export const ClockIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M8 4.5V8l2.5 1.5" />
  </Icon>
);
