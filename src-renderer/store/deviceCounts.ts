import type { ClassTrayData } from './classTrayStore';

export interface DeviceCounts {
  all: number;
  online: number;
  offline: number;
}

const countsOf = new WeakMap<ClassTrayData['devices'], DeviceCounts>();

/**
 * How many devices are online and offline: one pass per version of the devices, however many
 * views ask (the header's count, the filter's) and however often a store update asks again.
 */
export function deviceCounts(devices: ClassTrayData['devices']): DeviceCounts {
  const known = countsOf.get(devices);
  if (known) return known;
  const counts = { all: devices.size, online: 0, offline: 0 };
  for (const device of devices.values()) {
    if (device.online === true) counts.online++;
    else if (device.online === false) counts.offline++;
  }
  countsOf.set(devices, counts);
  return counts;
}
